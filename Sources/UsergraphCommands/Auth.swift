import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphRemote
import UsergraphStore

/// `usergraph auth strava`: the one-time authorization that gives `update` its Strava tokens.
struct AuthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Authorizes usergraph to read a service's data (once).",
        subcommands: [Strava.self]
    )

    struct Strava: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "strava",
            abstract: "Authorizes usergraph to read your Strava activities and saves the tokens.",
            discussion: """
                Prints the address of Strava's authorization page (scope activity:read_all). Allow \
                usergraph there; Strava then sends the browser to http://localhost/exchange_token?…&code=…, \
                which need not load: pass that code (or the whole address) as the argument, or paste it \
                when asked. The tokens are saved to $XDG_CONFIG_HOME/usergraph/strava-<clientId>.json \
                (else ~/.config/usergraph/…), readable only by you, never in the site folder. Needs \
                `strava.clientId` in usergraph.yml and STRAVA_CLIENT_SECRET in the environment.
                """
        )

        @OptionGroup var site: SiteOptions

        @Argument(help: ArgumentHelp("The code from the address Strava sent you to (or that whole address).", valueName: "code"))
        var code: String?

        /// Where Strava sends the browser after the person allows usergraph: nothing has to
        /// listen there, the code is read from the address.
        static let redirect = "http://localhost/exchange_token"

        func run(_ console: Console) async throws {
            let config = try site.load(console)
            guard let settings = config.strava, let secret = console.environment["STRAVA_CLIENT_SECRET"], !secret.isEmpty else {
                throw UsergraphError("errors.sync.stravaNoClient", kind: .usage)
            }
            guard let file = StravaTokenFile(clientId: settings.clientId, environment: console.environment) else {
                throw UsergraphError("errors.sync.stravaNoClient", kind: .usage)
            }
            try StravaSync.checkOutside(file, config)
            // An `update` refreshing the tokens meanwhile would write the same file.
            let lock = try SiteLock.acquire(siteRoot: config.root, wait: false)
            defer { lock.release() }
            let oauth = StravaOAuth(api: settings.apiURL, clientId: settings.clientId, secret: secret, options: try Fetching.options(console.environment))
            var given = code
            if given == nil {
                console.note(console.say(Message("notes.auth.open")))
                console.note(oauth.authorizeURL(redirect: Self.redirect))
                console.writeDiagnostic(console.say(Message("notes.auth.prompt")))
                given = console.readLine()
            }
            guard let text = given, let code = Self.code(in: text) else { throw UsergraphError("errors.sync.stravaNoCode", kind: .usage) }
            let tokens: StravaTokens
            do { tokens = try await oauth.exchange(code: code) } catch let failure as SyncFailure {
                throw UsergraphError(messages: [failure.sentence], kind: .failure)
            }
            try file.write(tokens)
            console.note(console.say(Message("notes.auth.saved", ["path": file.path])))
        }

        /// The code itself, or the `code` parameter of a pasted address; nil for nothing usable.
        static func code(in text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let value =
                trimmed.contains("code=")
                ? URLComponents(string: trimmed)?.queryItems?.first { $0.name == "code" }?.value ?? "" : trimmed
            let plain = (8...200).contains(value.utf8.count) && value.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x26 }
            return plain ? value : nil
        }
    }
}
