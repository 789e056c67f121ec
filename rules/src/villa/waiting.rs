//! What a Villa game waits for, as refusals name it (`VillaError::NotYourTurn`,
//! `NotNow`): (Fluent key, English). The error carries the English; its phrase finds the
//! key here, so the reader gets it in their language.

pub const SETUP_COLUMNS: (&str, &str) = (
    "villa-waiting-setup-columns",
    "the columns are being stood on the base plate (`set blue-thin-1 d4`)",
);
pub const SETUP_FLOOR: (&str, &str) = (
    "villa-waiting-setup-floor",
    "the blue floor is to be placed (`floor l8`)",
);
pub const BEGIN_PLAY: (&str, &str) = (
    "villa-waiting-begin-play",
    "start your turn with `play <colour>` or `propose`",
);
pub const BEGIN_NEUTRAL: (&str, &str) = (
    "villa-waiting-begin-neutral",
    "start your turn by pulling a neutral column (`pull green-thin-1`) or with `propose`",
);
pub const BEGIN_PULL: (&str, &str) = (
    "villa-waiting-begin-pull",
    "start your turn with `pull <column>` or `propose`",
);
pub const PULL_OWN: (&str, &str) = (
    "villa-waiting-pull-own",
    "pull one of your columns (`pull blue-thick`)",
);
pub const OBJECTOR_PULLS: (&str, &str) = (
    "villa-waiting-objector-pulls",
    "the objector must pull one of the proposer's columns (`pull <column>`)",
);
pub const CHALLENGER_PULLS: (&str, &str) = (
    "villa-waiting-challenger-pulls",
    "the challenger must pull a neutral column (`pull <column>`)",
);
pub const FEEL: (&str, &str) = (
    "villa-waiting-feel",
    "the pulled column must be placed (`place d4`) or put back (`abort`)",
);
pub const OBJECTIONS: (&str, &str) = (
    "villa-waiting-objections",
    "each player may `object` to the new floor or `allow` it",
);
pub const CHALLENGES: (&str, &str) = (
    "villa-waiting-challenges",
    "each player may `challenge` the aborted neutral pull or `allow` it",
);
pub const REMOVAL: (&str, &str) = (
    "villa-waiting-removal",
    "the proposer removes one of the objector's columns (`remove <column>`)",
);
pub const PLACE_FLOOR: (&str, &str) = (
    "villa-waiting-place-floor",
    "the proposer places the new floor (`floor d4`)",
);
pub const OVER: (&str, &str) = ("villa-waiting-over", "the game is over");
pub const PROPOSE_AT_START: (&str, &str) = (
    "villa-waiting-propose-at-start",
    "a new floor can only be proposed at the start of your turn",
);
pub const CHOOSE_COLOUR: (&str, &str) = (
    "villa-waiting-choose-colour",
    "first choose which of your colours you play (`play blue`)",
);

/// Every entry above.
pub const ALL: [(&str, &str); 16] = [
    SETUP_COLUMNS,
    SETUP_FLOOR,
    BEGIN_PLAY,
    BEGIN_NEUTRAL,
    BEGIN_PULL,
    PULL_OWN,
    OBJECTOR_PULLS,
    CHALLENGER_PULLS,
    FEEL,
    OBJECTIONS,
    CHALLENGES,
    REMOVAL,
    PLACE_FLOOR,
    OVER,
    PROPOSE_AT_START,
    CHOOSE_COLOUR,
];
