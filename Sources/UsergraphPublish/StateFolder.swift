import Foundation

/// Where a build keeps what it needs of the last one (its stamp, the pages' fingerprints, the
/// spare copy of the site, the families' summaries, the stored files' listing, the link
/// checker's cache): for the output folder `DIR/_site`, the folder `DIR/.usergraph/_site/`.
///
/// One hidden folder in the site's (for the default output) instead of files beside the
/// output; in the output's parent, so that the spare and the staging folder are on the output's
/// file system, where they can be exchanged with it in one call.
package enum StateFolder {
    package static func folder(forOutput output: String) -> String {
        (output as NSString).deletingLastPathComponent + "/.usergraph/" + (output as NSString).lastPathComponent
    }

    /// The file `name` of the output's state.
    package static func file(_ name: String, forOutput output: String) -> String {
        folder(forOutput: output) + "/" + name
    }
}
