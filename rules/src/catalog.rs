//! Every game the bot offers, by id.

use crate::dynamic::GameKind;

/// Registers an engine type: a static [`GameKind`] plus its `Register` impl.
#[macro_export]
macro_rules! register_game {
    ($ty:ty, $kind:ident) => {
        static $kind: $crate::dynamic::GameKind = $crate::dynamic::kind_of::<$ty>();
        impl $crate::dynamic::Register for $ty {
            fn kind() -> &'static $crate::dynamic::GameKind {
                &$kind
            }
        }
    };
}

#[cfg(feature = "testgame")]
register_game!(crate::testgame::Countdown, COUNTDOWN);

/// The games users can start, in menu order.
pub fn games() -> Vec<&'static GameKind> {
    let list: Vec<&'static GameKind> = vec![
        <crate::palazzo::Palazzo as crate::dynamic::Register>::kind(),
        <crate::villa::Villa as crate::dynamic::Register>::kind(),
        <crate::estates::Estates as crate::dynamic::Register>::kind(),
        <crate::princes::Princes as crate::dynamic::Register>::kind(),
    ];
    list
}

/// Finds a game by id (`palazzo`, `villa`, `estates`, `princes`; a few aliases too).
pub fn find(id: &str) -> Option<&'static GameKind> {
    let id = id.trim().to_lowercase();
    let id = match id.as_str() {
        "the-estates" | "theestates" | "the_estates" => "estates",
        "villa-paletti" | "villapaletti" | "paletti" => "villa",
        "princes-of-florence" | "princesofflorence" | "florence" => "princes",
        other => other,
    };
    #[cfg(feature = "testgame")]
    if id == "countdown" {
        return Some(&COUNTDOWN);
    }
    games().into_iter().find(|k| k.id == id)
}
