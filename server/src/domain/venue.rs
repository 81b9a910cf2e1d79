//! Events with sections: one venue and dates holding several tournaments.

use super::{EventId, Millis, Staff, StaffRole, UserId};

/// An event with sections: one venue and dates, holding one or more
/// tournaments (its sections), each with its own game, format, rounds and
/// rules. Its owner and co-organisers organise every section, its judges
/// judge every section; a section may add staff of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueEvent {
    /// Event id.
    pub id: EventId,
    /// The organiser who created it.
    pub owner_id: UserId,
    /// E.g. "Autumn Open 2026".
    pub name: String,
    /// The first day, `YYYY-MM-DD`.
    pub starts_on: chrono::NaiveDate,
    /// The last day (the first for a one-day event).
    pub ends_on: chrono::NaiveDate,
    /// Venue or city.
    pub location: Option<String>,
    /// Its staff besides its owner (co-organisers and judges), shared by
    /// every section.
    pub staff: Vec<Staff>,
    /// Creation time.
    pub created_at: Millis,
}

impl VenueEvent {
    /// Whether `user` organises the event: its owner or a co-organiser.
    #[must_use]
    pub fn organised_by(&self, user: UserId) -> bool {
        self.owner_id == user || self.staff.iter().any(|s| s.user_id == user && s.role == StaffRole::CoOrganiser)
    }

    /// The staff each section inherits: the owner as a co-organiser (every
    /// organiser right in the section; the section's own staff stays its
    /// owner's to manage), then the event's staff.
    #[must_use]
    pub fn section_staff(&self) -> Vec<Staff> {
        let owner = Staff {
            user_id: self.owner_id,
            role: StaffRole::CoOrganiser,
            name: String::new(),
            added_at: self.created_at,
        };
        std::iter::once(owner).chain(self.staff.iter().cloned()).collect()
    }
}
