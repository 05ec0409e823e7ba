import Foundation
import Testing
import UsergraphBuild
import UsergraphCore
import UsergraphStats
import UsergraphStore
import UsergraphTestSupport

/// The workouts' pages, built from the demo store, whose runs and walks mostly start and end at
/// the owner's home, inside the demo config's privacy zone.
@Suite(.scratch) struct WorkoutPagesTests {
    /// Every track of the demo store, by workout id.
    static func tracks() throws -> [String: Track] {
        let layout = StoreLayout(root: TestPaths.repository + "/Store")
        let stored = StoredTracks(layout: layout)
        var tracks: [String: Track] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: layout.tracks) {
            let id = String(name.dropLast(".json".count))
            tracks[id] = try stored.track(of: id)
        }
        return tracks
    }

    /// Every file of the site as text (the pictures are PNG; their text is what they hold).
    static func texts(under folder: String) throws -> [(String, String)] {
        var texts: [(String, String)] = []
        let files = FileManager.default.enumerator(atPath: folder)
        while let file = files?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else { continue }
            texts.append((file, String(decoding: data, as: UTF8.self)))
        }
        return texts
    }

    @Test func noOutputHoldsAPositionOfAnyTrackAsText() throws {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let zone = try #require(config.privacy.zones.first)
        let (_, site) = try DemoSite.build()
        let tracks = try Self.tracks()
        #expect(tracks.count > 20)
        // Each position as text to four decimals (about 10 m): no file may hold one, nor the zone's centre.
        var positions = Set<String>()
        for track in tracks.values {
            for column in [Track.Column.lat, .lon] {
                for value in track[column] ?? [] where !value.isNaN { positions.insert(String(format: "%.4f", value)) }
            }
        }
        positions.insert(String(format: "%.4f", zone.lat))
        positions.insert(String(format: "%.4f", zone.lon))
        let texts = try Self.texts(under: site)
        #expect(texts.count > 500)
        var routes = 0
        for (file, text) in texts {
            if text.contains("chart-route-title") { routes += 1 }
            // Numbers of four or more decimals, as coordinates are written.
            var found: [String] = []
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var index = 0
                while index < bytes.count {
                    guard (48...57).contains(bytes[index]) else { index += 1; continue }
                    let start = index
                    while index < bytes.count, (48...57).contains(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                    let number = String(decoding: bytes[start..<index], as: UTF8.self)
                    if let dot = number.firstIndex(of: "."), number.distance(from: dot, to: number.endIndex) > 4,
                        positions.contains(String(number[...number.index(dot, offsetBy: 4)]))
                    {
                        found.append(number)
                    }
                }
            }
            #expect(found.isEmpty, "\(file) holds \(found.prefix(3))")
        }
        #expect(routes == tracks.count, "a route on each tracked workout's page")
    }

    @Test func noPositionInsideAZoneOrTheTrimIsLeftToDraw() throws {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let zone = try #require(config.privacy.zones.first)
        var startedAtHome = 0
        for (id, track) in try Self.tracks() {
            let shown = TrackPrivacy.apply(config.privacy, to: track)
            let lat = track[.lat] ?? [], lon = track[.lon] ?? []
            if let first = lat.indices.first(where: { !lat[$0].isNaN }),
                Haversine.metres(lat1: lat[first], lon1: lon[first], lat2: zone.lat, lon2: zone.lon) <= zone.radius
            {
                startedAtHome += 1
            }
            let shownLat = shown[.lat] ?? [], shownLon = shown[.lon] ?? []
            for index in shownLat.indices where !shownLat[index].isNaN {
                let metres = Haversine.metres(lat1: shownLat[index], lon1: shownLon[index], lat2: zone.lat, lon2: zone.lon)
                #expect(metres > zone.radius, "\(id) sample \(index) is \(metres) m from home")
            }
        }
        #expect(startedAtHome > 10, "the demo's tracks start at home, so the zone has something to hide")
    }

    @Test func theListAndAWorkoutPageShowTheWorkout() throws {
        let (_, site) = try DemoSite.build()
        let list = try String(contentsOfFile: site + "/workouts/index.html", encoding: .utf8)
        let workouts = try #require(try JSONFile.read([Workout].self, at: TestPaths.repository + "/Store/workouts.json"))
        let newest = try #require(workouts.max { $0.start < $1.start })
        #expect(list.contains("href=\"../workouts/\(newest.id)/index.html\""))
        #expect(list.contains(newest.name ?? "?"))
        let page = try String(contentsOfFile: site + "/workouts/\(newest.id)/index.html", encoding: .utf8)
        #expect(page.contains("chart-route-title"))
        #expect(page.contains("chart-elevation-title") && page.contains("chart-heartRate-title"))
        // A ride's splits give its speed, under a column that says so; a run's its pace.
        let stored = StoredTracks(layout: StoreLayout(root: TestPaths.repository + "/Store"))
        for (type, column) in [("cycling", "Speed"), ("running", "Pace")] {
            let tracked = try #require(workouts.first { $0.type == type && stored.identity(of: $0.id) != nil })
            let page = try String(contentsOfFile: site + "/workouts/\(tracked.id)/index.html", encoding: .utf8)
            let header = try #require(page.range(of: "<thead><tr><th scope=\"col\">km</th>"))
            #expect(page[header.upperBound...].prefix(200).contains("<th scope=\"col\" class=\"num\">\(column)</th>"), "\(type)")
        }
        // The profile's rows link to the workouts' pages.
        let profile = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(profile.contains("workouts/\(newest.id)/index.html"))
        // So do the statistics calendar's days: each to a page that is there, the newest day to its first workout.
        let statisticsPage = try String(contentsOfFile: site + "/statistics/index.html", encoding: .utf8)
        let calendar = try #require(statisticsPage.range(of: "id=\"calendar-heading\""))
        let statistics = String(statisticsPage[calendar.upperBound...]).components(separatedBy: "</section>")[0]
        let links = statistics.components(separatedBy: "<a href=\"../workouts/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links.count > 100)
        for link in links { #expect(FileManager.default.fileExists(atPath: site + "/workouts/" + link), "\(link)") }
        let zone = try ConfigLoader.load(path: TestPaths.demoConfig).timeZone
        let day = { (workout: Workout) in Timestamp.parse(workout.start).map { Day($0, in: zone) } }
        let first = try #require(workouts.filter { day($0) == day(newest) }.min { $0.start < $1.start })
        #expect(links.last == first.id + "/index.html")
    }

    /// Whether the row of workout `id` on the list page `html` has a route thumbnail.
    static func rowHasThumbnail(_ html: String, id: String) throws -> Bool {
        let link = try #require(html.range(of: "href=\"../workouts/\(id)/index.html\""))
        let thumb = try #require(html.range(of: "<span class=\"workout-thumb\" aria-hidden=\"true\">", range: link.upperBound..<html.endIndex))
        return html[thumb.upperBound...].hasPrefix("<svg")
    }

    @Test func aRebuildKeepsTheListsThumbnailsAndSaysOnceThatATrackCannotBeRead() throws {
        let root = try DemoSite.copy()
        _ = try DemoSite.buildSite(root)
        let layout = StoreLayout(root: root + "/Store")
        var workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        let stored = StoredTracks(layout: layout)
        let tracked = workouts.filter { stored.identity(of: $0.id) != nil }.sorted { $0.start > $1.start }
        // Not the newest: its page is not made again when a newer workout comes.
        let broken = tracked[5].id
        let trackPath = try #require(TrackFiles.path(layout, workout: broken))
        // Broken in place, with its size, time and inode as they were: to a build, unchanged.
        let before = try #require(FileIdentity.status(of: trackPath))
        let handle = try #require(FileHandle(forWritingAtPath: trackPath))
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, trackPath, &times, 0) == 0)
        #expect(FileIdentity.words(of: trackPath) == FileIdentity.words(before))
        // One new workout (without a track): every row of every list moves.
        var newest = try #require(workouts.max { $0.start < $1.start })
        newest.id = "new-walk"
        newest.start = try #require(
            Timestamp.parse(newest.start).map { Timestamp.format($0.addingTimeInterval(3600), in: TimeZone(secondsFromGMT: 0) ?? .current) })
        workouts.append(newest)
        try JSONFile.write(workouts, to: layout.workouts)
        let kept = try DemoSite.buildSite(root)
        let list = try TestPaths.read(root + "/_site/workouts/index.html")
        #expect(list.contains("href=\"../workouts/new-walk/index.html\""))
        #expect(try Self.rowHasThumbnail(list, id: broken), "kept from the last build, without reading the track")
        #expect(!kept.warnings.contains { $0.key == "notes.unreadableTrack" })
        // Drawn anew, the broken track has no thumbnail, and the build says so once.
        let forced = try DemoSite.buildSite(root, force: true)
        let drawn = try TestPaths.read(root + "/_site/workouts/index.html")
        #expect(try !Self.rowHasThumbnail(drawn, id: broken))
        let said = forced.warnings.filter { $0.key == "notes.unreadableTrack" }
        #expect(said.count == 1)
        #expect(said.first.map { "\($0)" }?.contains(broken) == true)
    }

    /// `units: imperial`: miles, feet, minutes per mile, mph; a split a mile.
    /// A tab's count is written in the language's digits, as the total beside it is.
    @Test func theTabsCountInTheLanguagesDigits() throws {
        let root = try DemoSite.copy()
        let path = root + "/Store/workouts.json"
        var workouts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        let runs = workouts.filter { $0["type"] as? String == "running" }.count
        for index in 0..<1_000 {
            let day = String(format: "2024-%02d-%02d", index % 12 + 1, index % 28 + 1)
            workouts.append([
                "id": "tab-count-\(index)", "type": "running", "start": day + "T05:\(String(format: "%02d", index % 60)):00+03:00", "duration": 1800,
            ])
        }
        try JSONSerialization.data(withJSONObject: workouts).write(to: URL(fileURLWithPath: path))
        _ = try DemoSite.buildSite(root)
        let list = try TestPaths.read(root + "/_site/workouts/index.html")
        let grouped = { (n: Int) in "\(n / 1000),\(String(format: "%03d", n % 1000))" }
        #expect(list.contains(">All <span class=\"count\">\(grouped(workouts.count))</span>"))
        #expect(list.contains(">Running <span class=\"count\">\(grouped(runs + 1_000))</span>"), "\(runs + 1_000) runs")
    }

    @Test func imperialUnitsShowMilesFeetAndSplitsByTheMile() throws {
        let root = try DemoSite.copy()
        try TestPaths.write(try TestPaths.read(root + "/usergraph.yml") + "\nunits: imperial\n", to: root + "/usergraph.yml")
        _ = try DemoSite.buildSite(root)
        let layout = StoreLayout(root: root + "/Store")
        let workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        let stored = StoredTracks(layout: layout)
        let run = try #require(workouts.filter { $0.type == "running" && stored.identity(of: $0.id) != nil }.max { $0.start < $1.start })
        let metres = try #require(run.distance)
        let page = try TestPaths.read(root + "/_site/workouts/\(run.id)/index.html")
        // The page writes a number's point as a character reference.
        let miles = String(format: "%.1f", metres / 1609.344).replacingOccurrences(of: ".", with: "&#46;")
        #expect(page.contains("<strong>\(miles)</strong> mi"))
        #expect(page.contains("/mi") && page.contains(" ft") && !page.contains(" km<") && !page.contains("/km"))
        // One row a full mile, then the rest.
        let rows = page.components(separatedBy: "<th scope=\"row\">").count - 1
        #expect(rows == Int(metres / 1609.344) + 1)
        #expect(page.contains("Distance, mi") && page.contains("Elevation, ft"))
        let statistics = try TestPaths.read(root + "/_site/statistics/index.html")
        #expect(statistics.contains("Distance, mi") && statistics.contains("/mi"))
    }
}
