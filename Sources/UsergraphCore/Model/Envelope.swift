/// A cached remote collection as the store keeps it: where it came from, when, the HTTP
/// validators of each page (for conditional requests), and the API's JSON verbatim.
package struct Envelope<Payload: Codable & Sendable>: Codable, Sendable {
    package var source: String
    /// ISO-8601.
    package var fetchedAt: String
    /// Keyed by page URL: `{"etag": …, "lastModified": …}`.
    package var validators: [String: [String: String]]?
    package var data: Payload

    package init(source: String, fetchedAt: String, validators: [String: [String: String]]? = nil, data: Payload) {
        self.source = source; self.fetchedAt = fetchedAt; self.validators = validators; self.data = data
    }
}

/// A collection read from the store, with the moment it was fetched.
package struct Cached<Value: Sendable>: Sendable {
    package var value: Value
    package var fetchedAt: String

    package init(_ value: Value, fetchedAt: String) { self.value = value; self.fetchedAt = fetchedAt }
}
