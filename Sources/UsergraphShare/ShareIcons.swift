import Foundation
import UsergraphRender

/// PNG icons from the theme's `assets/icon.svg`: a browser tab's `favicon-32.png`, Android's
/// `icon-192.png` and iOS's `apple-touch-icon.png`, which iOS shows with square corners, so it
/// is drawn on the theme's accent colour rather than on transparent black.
package enum ShareIcons {
    package struct Icon: Equatable {
        package let file: String
        package let size: Int
        let opaque: Bool
    }

    package static let all = [
        Icon(file: "favicon-32.png", size: 32, opaque: false),
        Icon(file: "icon-192.png", size: 192, opaque: false),
        Icon(file: "apple-touch-icon.png", size: 180, opaque: true),
    ]

    /// The icons to draw, or none when the theme has no `assets/icon.svg`.
    package static func jobs(_ assets: PublicAssets, palette: [String: String]) -> [PNGRaster.Job] {
        guard let published = assets.names["assets/icon.svg"],
            let data = assets.files.first(where: { $0.published == published })?.data
        else { return [] }
        let inline = "data:image/svg+xml;base64," + data.base64EncodedString()
        return all.map { icon in
            let n = icon.size
            let backdrop = icon.opaque ? "<rect width=\"\(n)\" height=\"\(n)\" fill=\"\(palette["accent"] ?? "#4f46e5")\"/>" : ""
            let svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n)\" height=\"\(n)\" viewBox=\"0 0 \(n) \(n)\">"
                + backdrop + "<image href=\"\(inline)\" width=\"\(n)\" height=\"\(n)\"/></svg>"
            return PNGRaster.Job(file: icon.file, svg: svg, width: n, height: n)
        }
    }
}
