//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

extension String {
    /// HTML escape string. Replace '<', '>', '&', '"' and "'" with HTML escaped versions
    ///
    /// usergraph: done on the UTF-8 bytes, with no allocation when nothing needs escaping; the
    /// original looked every Character up in a dictionary. Unlike it, a `<` followed by a
    /// combining mark (one Character) is escaped too.
    func htmlEscape() -> String {
        let bytes = self.utf8
        guard bytes.contains(where: { $0 == 60 || $0 == 62 || $0 == 38 || $0 == 34 || $0 == 39 }) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case 60: out.append(contentsOf: "&lt;".utf8)
            case 62: out.append(contentsOf: "&gt;".utf8)
            case 38: out.append(contentsOf: "&amp;".utf8)
            case 34: out.append(contentsOf: "&quot;".utf8)
            case 39: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
