/// A part of the site that a rebuild keeps whole when nothing it is made from changed: its
/// store file is then not even decoded, and its pages are kept from the last build's manifest
/// without being made, fingerprinted or looked up one by one. What the rest of the site needs
/// of it comes from its `FamilySummary`.
package enum KeptFamily: String, CaseIterable, Sendable {
    /// The users directory (`UsersPages`) and the stored files (its avatars, and the owner's).
    case directory
    /// The starred repositories' pages (`RepositoryPages.starred`).
    case starred

    /// Where every page of the family is, and nothing else.
    package var folder: String {
        switch self {
        case .directory: UsersPages.folder
        case .starred: RepositoryPages.starredFolder
        }
    }

    /// The navigation section of every page of the family (what `SiteBuild.indexed` reads).
    package var section: Section {
        switch self {
        case .directory: .users
        case .starred: .repositories
        }
    }
}
