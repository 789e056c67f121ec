//! Game records in the end-to-end runs: `/game export`'s format choice, and the check a
//! bot's stop makes on its store — every archived game exports as a record that
//! validates against `docs/record.schema.json` and replays to the archived scores.

use fake_discord::FakeDiscord;
use serde_json::Value;
use std::sync::OnceLock;
use table::record::{self, ArchiveSource, GameRecord, RecordOptions};

/// The value Discord sends for `/game export format:` whose name starts with `word`.
pub fn export_format(fake: &FakeDiscord, word: &str) -> Value {
    let commands = fake.registered_commands();
    let game = commands.iter().find(|c| c["name"] == "game").unwrap();
    let export = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "export")
        .expect("/game export registered");
    let format = export["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "format")
        .expect("/game export has a format");
    format["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with(word)))
        .unwrap_or_else(|| panic!("no format {word}: {format}"))["value"]
        .clone()
}

fn schema() -> &'static jsonschema::Validator {
    static SCHEMA: OnceLock<jsonschema::Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let text = include_str!("../../../docs/record.schema.json");
        let schema: Value = serde_json::from_str(text).expect("the schema is JSON");
        jsonschema::validator_for(&schema).expect("the schema compiles")
    })
}

/// A record's JSON text: it validates against the schema, reads back, and replays
/// through the engine to its own moves, narration and final scores. Returns it.
pub fn assert_record_replays(text: &str) -> GameRecord {
    let value: Value = serde_json::from_str(text).expect("a record is JSON");
    let errors: Vec<String> = schema()
        .iter_errors(&value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "the record breaks the schema: {errors:#?}"
    );
    let record = GameRecord::from_json(text).expect("the record reads back");
    let verified = record::verify(&record).unwrap_or_else(|e| {
        panic!(
            "game {} ({}) does not replay: {e}",
            record.game, record.started
        )
    });
    assert_eq!(verified.result, record.result, "replayed scores");
    record
}

/// Every game archived in `store`: its record validates, replays to identical scores,
/// and those are the scores the bot archived. Returns how many finished games it checked.
pub fn check_archive(store: &dyn ArchiveSource) -> usize {
    let mut finished = 0;
    for (channel, game_id) in record::archived_games(store).expect("the archive is listed") {
        let Some(entry) = store
            .archived_game(channel, game_id)
            .expect("an archived game")
        else {
            continue;
        };
        let log = store.log(game_id).expect("an archived game's log");
        let built = record::build(&entry.meta, &log, RecordOptions::default())
            .unwrap_or_else(|e| panic!("archived game {game_id}: no record: {e}"));
        let record = assert_record_replays(&built.to_json_line());
        let Some(outcome) = entry.outcome else {
            continue;
        };
        let outcome: rules::Outcome =
            serde_json::from_value(outcome).expect("an archived outcome reads");
        let result = record
            .result
            .as_ref()
            .expect("a finished game's record has its result");
        let totals: Vec<i64> = result.scores.iter().map(|s| s.total).collect();
        let archived: Vec<i64> = outcome.results.iter().map(|r| r.total).collect();
        assert_eq!(
            totals, archived,
            "game {game_id}: the record's scores are the archive's"
        );
        assert_eq!(result.winners, outcome.winners, "game {game_id}: winners");
        finished += 1;
    }
    finished
}
