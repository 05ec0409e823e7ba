/// A cached remote collection as the store keeps it: where it came from, when, the HTTP
/// validators of each page (for conditional requests), and the API's JSON verbatim.
public struct Envelope<Payload: Codable & Sendable>: Codable, Sendable {
    public var source: String
    /// ISO-8601.
    public var fetchedAt: String
    /// Keyed by page URL: `{"etag": …, "lastModified": …}`.
    public var validators: [String: [String: String]]?
    public var data: Payload

    public init(source: String, fetchedAt: String, validators: [String: [String: String]]? = nil, data: Payload) {
        self.source = source; self.fetchedAt = fetchedAt; self.validators = validators; self.data = data
    }
}

/// A collection read from the store, with the moment it was fetched.
public struct Cached<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: String

    public init(_ value: Value, fetchedAt: String) { self.value = value; self.fetchedAt = fetchedAt }
}
