import Foundation
import UsergraphCore
import UsergraphPages
import UsergraphPublish
import UsergraphStats
import UsergraphStore

/// What a build keeps for the next one, in the output's state folder (`StateFolder`:
/// `.usergraph/_site/` for `_site`), as the next build reads it back:
/// - `stamp` (`BuildStamp`): the fingerprint of every input; read first, on its own, since an
///   unchanged one ends the build there;
/// - `pages` and `spare` (`PageManifest`, `SpareList`): each published page's fingerprint, so a
///   page made from what it was made from is kept, and the site before last, the next staging
///   folder;
/// - `directory` and `starred` (`FamilySummaries`): what the families' pages were made from,
///   so they are kept without reading their store files;
/// - `stored` (`StoredFilesListing`): the store's `files/` as last listed;
/// - `thumbnails` (`KeptThumbnails`): the lists' route thumbnails;
/// - `track-facts` (`KeptTrackFacts`): what the history needs of each track.
///
/// Each part is trusted only for the output folder it was written with: a part that is missing
/// or stale only makes the build do more. The manifest and the listing are read on other
/// threads while the store is read.
struct BuildState {
    /// The last build's stamp, if any.
    let stamp: BuildStamp?
    /// The kept families' summaries that still hold for the store as it is.
    let families: FamilySummaries
    /// The last build's manifest, and the spare's list (which shares its strings).
    let pages: BackgroundJob<(manifest: PageManifest, spare: SpareList?)>
    /// The store's `files/`, as the kept listing has them or listed now.
    let storedFiles: BackgroundJob<StoredFiles>
    /// The route thumbnails the last build drew (none under `--force`).
    let thumbnails: BackgroundJob<RouteThumbnails>
    /// The tracks' facts the last build computed (none under `--force`).
    let trackFacts: BackgroundJob<TrackFactsCache>

    /// Starts reading what the last build of `config.output` kept. `force`: no page is kept
    /// and the stored files are listed again; `trustFamilies` false: no family is kept whole.
    static func read(
        config: SiteConfig, stamp: BuildStamp?, inputs: BuildStamp.Inputs, asOf: Day, force: Bool, trustFamilies: Bool
    ) -> BuildState {
        let output = config.output
        let pages = BackgroundJob {
            let manifest = force ? PageManifest.empty : PageManifest.load(output: output)
            // The spare's list shares the manifest's strings, so a rebuild holds each path once.
            return (manifest: manifest, spare: SpareList.load(output: output, manifest: manifest))
        }
        let folder = StoreLayout(root: config.store).files, listed = inputs.storedFiles
        let storedFiles = BackgroundJob { StoredFilesListing.files(in: folder, stamp: listed, output: output, fresh: force) }
        let families = FamilySummaries(
            StoreLayout(root: config.store), asOf: asOf, timeZone: config.timeZone, output: output, trusted: trustFamilies)
        let thumbnails = BackgroundJob { force ? RouteThumbnails() : KeptThumbnails.load(output: output) }
        let trackFacts = BackgroundJob { force ? TrackFactsCache() : KeptTrackFacts.load(output: output) }
        return BuildState(
            stamp: stamp, families: families, pages: pages, storedFiles: storedFiles, thumbnails: thumbnails, trackFacts: trackFacts)
    }

    /// Forgets the last build before a publish changes the folder its parts describe.
    static func forget(output: String) {
        BuildStamp.remove(output: output)
        PageManifest.remove(output: output)
        FamilySummaries.remove(output: output)
    }
}
