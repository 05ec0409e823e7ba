//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// usergraph: a read-only outline of a parsed template, for tools that check a template against
/// the data it will be given (usergraph checks that every name a theme uses is one its page
/// provides, since a name that is not there renders as nothing). Not used when rendering.
extension MustacheTemplate {
    /// One tag that names something. Text, comments, pragmas and delimiter changes are left out.
    public struct Tag: Sendable {
        public enum Kind: Sendable {
            /// `{{name}}`
            case variable
            /// `{{{name}}}`, `{{&name}}`
            case unescapedVariable
            /// `{{#name}}…{{/name}}`
            case section
            /// `{{^name}}…{{/name}}`
            case invertedSection
            /// `{{>name}}` or `{{<name}}…{{/name}}`: `name` is a partial's name; the children are
            /// the blocks it overrides.
            case partial
            /// `{{>*name}}`: `name` is looked up in the data to find the partial.
            case dynamicPartial
            /// `{{$name}}…{{/name}}`: an inheritable block and its default content.
            case block
        }

        public let kind: Kind
        /// As written (`owner.name`, `.`, `.name`); empty for `{{#first()}}`-style transforms
        /// of a sequence.
        public let name: String
        /// Transform names, outermost first: `{{t.count.days(streak.longest)}}` has `["t.count.days"]`.
        public let transforms: [String]
        /// The tag's line (from 1) in the text the template was parsed from; nil for partials and
        /// blocks, whose tokens do not keep their place.
        public let line: Int?
        /// The tags inside a section, a block, or the blocks a partial overrides.
        public let children: [Tag]
    }

    /// The tags of this template, in the order they appear.
    public var tags: [Tag] {
        var newlines: [Int] = []
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { newlines.append(offset) }
        return Self.tags(of: tokens, newlines: newlines)
    }

    /// `newlines`: the UTF-8 offsets of the line breaks of the top template's text, which the
    /// offsets of the tags of every section inside it count from.
    private static func tags(of tokens: [Token], newlines: [Int]) -> [Tag] {
        func line(_ name: TagName) -> Int? {
            name.offset.map { offset in newlines.prefix { $0 < offset }.count + 1 }
        }
        func nested(_ template: MustacheTemplate) -> [Tag] { tags(of: template.tokens, newlines: newlines) }
        func overrides(_ inherits: [String: MustacheTemplate]?) -> [Tag] {
            (inherits ?? [:]).sorted { $0.key < $1.key }.map {
                Tag(kind: .block, name: $0.key, transforms: [], line: nil, children: nested($0.value))
            }
        }
        return tokens.compactMap { token -> Tag? in
            switch token {
            case .text, .contentType:
                return nil
            case .variable(let name, let transforms):
                return Tag(kind: .variable, name: name.text, transforms: transforms, line: line(name), children: [])
            case .unescapedVariable(let name, let transforms):
                return Tag(kind: .unescapedVariable, name: name.text, transforms: transforms, line: line(name), children: [])
            case .section(let name, let transforms, let template):
                return Tag(kind: .section, name: name.text, transforms: transforms, line: line(name), children: nested(template))
            case .invertedSection(let name, let transforms, let template):
                return Tag(kind: .invertedSection, name: name.text, transforms: transforms, line: line(name), children: nested(template))
            case .blockDefinition(let name, let template), .blockExpansion(let name, let template, _):
                return Tag(kind: .block, name: name, transforms: [], line: nil, children: nested(template))
            case .partial(let name, _, let inherits):
                return Tag(kind: .partial, name: name, transforms: [], line: nil, children: overrides(inherits))
            case .dynamicNamePartial(let name, _, let inherits):
                return Tag(kind: .dynamicPartial, name: name, transforms: [], line: nil, children: overrides(inherits))
            }
        }
    }
}
