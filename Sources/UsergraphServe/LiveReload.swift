import Foundation

/// What `serve --watch` tells open pages: a build counter, and the error of the last build
/// when it failed (the site then stays as it was). Pages wait on `/__usergraph/wait?since=N`
/// and reload when the counter moves past the one they were served with.
package actor LiveReload {
    package private(set) var version = 1
    package private(set) var error: String?

    package init() {}

    /// A build finished: with nil it published a new site, else it failed with this text.
    package func finished(error: String?) {
        version += 1
        self.error = error
    }

    /// The state once it moves past `since`, or as it is after `timeout` seconds.
    func wait(since: Int, timeout: TimeInterval) async -> (version: Int, error: String?) {
        let deadline = Date().addingTimeInterval(timeout)
        while version == since, Date() < deadline, !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        return (version, error)
    }

    /// The answer of `/__usergraph/wait`.
    static func json(version: Int, error: String?) -> Data {
        let object: [String: Any] = ["version": version, "error": error.map { $0 as Any } ?? NSNull()]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// The page with the reload script before `</body>`. Only `serve --watch` adds it, to what
    /// it sends: the site's files never hold it.
    static func inject(into page: Data, version: Int, error: String?) -> Data {
        let html = String(decoding: page, as: UTF8.self)
        // JSON is a JavaScript literal; `</` is split so a message cannot end the script.
        let wrapped: [Any] = [error.map { $0 as Any } ?? NSNull()]
        let errorLiteral = String(decoding: (try? JSONSerialization.data(withJSONObject: wrapped)) ?? Data("[null]".utf8), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        let script = """
            <script>/* usergraph serve --watch: reloads the page after a rebuild; never written to the site */
            (() => {
              let v = \(version);
              const show = (text) => {
                let box = document.getElementById("usergraph-error");
                if (!text) { if (box) box.remove(); return; }
                if (!box) {
                  box = document.createElement("pre");
                  box.id = "usergraph-error";
                  box.setAttribute("role", "alert");
                  box.style.cssText = "position:fixed;left:12px;right:12px;bottom:12px;z-index:99;max-height:50vh;overflow:auto;margin:0;padding:14px 16px;border-radius:10px;background:#7f1d1d;color:#fff;font:13px/1.45 ui-monospace,monospace;white-space:pre-wrap";
                  document.body.append(box);
                }
                box.textContent = text;
              };
              show(\(errorLiteral)[0]);
              const poll = () => fetch("/__usergraph/wait?since=" + v, {cache: "no-store"})
                .then((r) => r.json())
                .then((s) => {
                  if (s.version === v) return poll();
                  if (s.error) { v = s.version; show(s.error); return poll(); }
                  location.reload();
                })
                .catch(() => setTimeout(poll, 1000));
              poll();
            })();
            </script>

            """
        guard let end = html.range(of: "</body>", options: .backwards) else { return Data((html + script).utf8) }
        return Data((html[..<end.lowerBound] + script + html[end.lowerBound...]).utf8)
    }
}
