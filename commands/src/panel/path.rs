//! Where a panel is (the path from the root) and what a component does (its target),
//! both encoded into short custom ids.

/// The navigation state of a panel: the child indices from the root to the node shown.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PanelPath(pub Vec<u16>);

impl PanelPath {
    /// The root (the kinds of move).
    pub fn root() -> PanelPath {
        PanelPath(Vec::new())
    }

    /// `3.12`; empty for the root. At most a dozen characters for any real panel.
    pub fn encode(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(u16::to_string).collect();
        parts.join(".")
    }

    /// Reads [`PanelPath::encode`]'s text back.
    pub fn decode(text: &str) -> Option<PanelPath> {
        if text.is_empty() {
            return Some(PanelPath::root());
        }
        text.split('.')
            .map(|p| p.parse::<u16>().ok())
            .collect::<Option<Vec<u16>>>()
            .map(PanelPath)
    }

    pub(super) fn child(&self, i: usize) -> PanelPath {
        let mut path = self.0.clone();
        path.push(u16::try_from(i).unwrap_or(u16::MAX));
        PanelPath(path)
    }

    pub(super) fn parent(&self) -> PanelPath {
        let mut path = self.0.clone();
        path.pop();
        PanelPath(path)
    }
}

/// What a component does when used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// Play the action with this index in the slice given to [`PanelTree::build`].
    Leaf(usize),
    /// Show the panel at this path.
    Open(PanelPath),
    /// Select menu `1` of the view at path `0`: the picked option's value is a
    /// [`Target::encode`]d target (read it with [`Target::decode`]).
    Menu(PanelPath, usize),
}

impl Target {
    /// `a12` (leaf 12), `o3.1` (open 3.1), `m2:3.1` (menu 2 of 3.1): short enough for a
    /// custom id after a 45-character prefix and for a select option's value.
    pub fn encode(&self) -> String {
        match self {
            Target::Leaf(i) => format!("a{i}"),
            Target::Open(path) => format!("o{}", path.encode()),
            Target::Menu(path, k) => format!("m{k}:{}", path.encode()),
        }
    }

    /// Reads [`Target::encode`]'s text back.
    pub fn decode(text: &str) -> Option<Target> {
        let rest = text.get(1..)?;
        match text.chars().next()? {
            'a' => rest.parse().ok().map(Target::Leaf),
            'o' => PanelPath::decode(rest).map(Target::Open),
            'm' => {
                let (k, path) = rest.split_once(':')?;
                Some(Target::Menu(PanelPath::decode(path)?, k.parse().ok()?))
            }
            _ => None,
        }
    }
}
