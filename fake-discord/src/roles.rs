//! Members' roles in the first guild: made by a test, held by members (sent as
//! `member.roles`), and resolved in role options as Discord does.

use crate::FakeDiscord;

impl FakeDiscord {
    /// Makes a role in the first guild; its id (a role option may name it).
    pub fn add_role(&self, name: &str) -> u64 {
        self.shared.update(|s| {
            let id = s.new_id();
            s.roles.insert(id, name.to_owned());
            id
        })
    }

    /// Sets the roles a user holds (sent as `member.roles` in interactions).
    pub fn set_roles(&self, user: u64, roles: &[u64]) {
        self.shared.update(|s| {
            if let Some(u) = s.users.get_mut(&user) {
                u.roles = roles.to_vec();
            }
        });
    }
}
