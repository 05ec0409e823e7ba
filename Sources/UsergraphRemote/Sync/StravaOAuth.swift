import Foundation
import UsergraphCore

/// Strava's OAuth endpoints (https://developers.strava.com/docs/authentication/), beside the
/// API: `https://www.strava.com/oauth/…` for `https://www.strava.com/api/v3`.
package struct StravaOAuth: Sendable {
    let clientId: String
    private let secret: String
    let base: String
    private let transport: HTTPTransport

    /// What Strava sends back is a small JSON object.
    static let maxBytes = 64 << 10

    package init(api: String, clientId: String, secret: String, options: TransportOptions = TransportOptions()) {
        self.clientId = clientId; self.secret = secret
        base = Self.oauthBase(api: api)
        // A token request is sent once: repeating one whose answer was lost could spend a
        // refresh token that Strava has already rotated.
        var once = options
        once.attempts = 1
        transport = HTTPTransport(options: once)
    }

    /// The API's root without its `/api/v3` path: where `/oauth/…` lives.
    static func oauthBase(api: String) -> String {
        var root = api.hasSuffix("/") ? String(api.dropLast()) : api
        if root.hasSuffix("/api/v3") { root = String(root.dropLast("/api/v3".count)) }
        return root
    }

    /// Where the person allows usergraph to read their activities.
    package func authorizeURL(redirect: String) -> String {
        var components = URLComponents(string: base + "/oauth/authorize")
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: clientId), URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: redirect), URLQueryItem(name: "approval_prompt", value: "force"),
            URLQueryItem(name: "scope", value: "activity:read_all"),
        ]
        return components?.string ?? base + "/oauth/authorize"
    }

    package var tokenURL: String { base + "/oauth/token" }

    /// New tokens for a refresh token (Strava may rotate the refresh token too).
    package func refresh(_ refreshToken: String) async throws -> StravaTokens {
        try await token(["grant_type": "refresh_token", "refresh_token": refreshToken], refused: "errors.sync.stravaRefused")
    }

    /// The first tokens, for the code the authorize page gave.
    package func exchange(code: String) async throws -> StravaTokens {
        try await token(["grant_type": "authorization_code", "code": code], refused: "errors.sync.stravaCodeRefused")
    }

    private func token(_ fields: [String: String], refused: String) async throws -> StravaTokens {
        let address = tokenURL
        guard let url = URL(string: address) else { throw SyncFailure(Message("errors.sync.badURL", ["url": address])) }
        let form = (["client_id": clientId, "client_secret": secret].merging(fields) { a, _ in a })
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.formEncoded($0.value))" }.joined(separator: "&")
        let request = RemoteRequest(
            url: url, method: "POST",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                "User-Agent": transport.options.userAgent,
            ],
            body: Data(form.utf8), maxBytes: Self.maxBytes)
        let service = StravaClient.service(timeout: transport.options.timeout, key: "strava.apiURL")
        let response: RemoteResponse
        do { response = try await transport.send(request) } catch {
            throw SyncFailure(ResponseReading.failure(error, url: url, service: service))
        }
        switch response.status {
        case 200:
            guard let tokens = try? JSONDecoder().decode(StravaTokens.self, from: response.body), StravaTokens.isToken(tokens.refreshToken),
                let access = tokens.accessToken, StravaTokens.isToken(access)
            else { throw SyncFailure(Message("errors.sync.stravaBadToken", ["url": address])) }
            return tokens
        case 400, 401: throw SyncFailure(Message(refused, ["url": address, "status": RemoteFailure.status(response.status)]))
        case 403 where StravaClient.isInactive(response.body): throw SyncFailure(Message("errors.sync.stravaInactive"))
        default: throw SyncFailure(ResponseReading.failure(for: response, service: service))
        }
    }

    /// `application/x-www-form-urlencoded`: all but the unreserved characters escaped.
    static func formEncoded(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
