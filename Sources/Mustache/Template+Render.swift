//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import Foundation
import Synchronization

extension MustacheTemplate {
    /// Render template using object
    /// - Parameters:
    ///   - stack: Object
    ///   - context: Context that render is occurring in. Contains information about position in sequence
    ///   - indentation: indentation of partial
    /// - Returns: Rendered text
    func render(context: MustacheContext) -> String {
        var string = ""
        self.render(context: context, into: &string)
        return string
    }

    /// usergraph: renders onto the end of `string`, so that sections, their items and nested
    /// templates add to one string instead of each building its own for the caller to copy.
    func render(context: MustacheContext, into string: inout String) {
        var context = context

        if let indentation = context.indentation, indentation != "" {
            // Indentation depends on this template's own output so far, so it is built apart.
            var own = ""
            for token in tokens {
                let renderedString = self.renderToken(token, context: &context)
                // if rendered string is not empty and we are on a new line
                if renderedString.count > 0, own.last == "\n" {
                    own += indentation
                }
                own += renderedString
            }
            string += own
        } else {
            // usergraph: the tokens are read in place, by index, rather than each copied out of
            // the array (retaining its name, transforms and nested template) and destroyed again;
            // text, variables and sections go straight onto `string`, the rest as
            // `renderToken(_:context:)` renders them.
            for index in self.tokens.indices {
                switch self.tokens[index] {
                case .text(let text):
                    string += text
                case .variable(let name, let transforms):
                    if let child = self.getChild(named: name, transforms: transforms, context: context) {
                        self.renderVariable(child, escaped: true, context: context, into: &string)
                    }
                case .unescapedVariable(let name, let transforms):
                    if let child = self.getChild(named: name, transforms: transforms, context: context) {
                        self.renderVariable(child, escaped: false, context: context, into: &string)
                    }
                case .section(let name, let transforms, let template):
                    let child = self.getChild(named: name, transforms: transforms, context: context)
                    self.renderSectionToken(child, with: template, context: context, into: &string)
                case .invertedSection(let name, let transforms, let template):
                    let child = self.getChild(named: name, transforms: transforms, context: context)
                    self.renderInvertedSection(child, with: template, context: context, into: &string)
                default:
                    string += self.renderToken(self.tokens[index], context: &context)
                }
            }
        }
    }

    /// usergraph: a variable's value onto `string`: text, numbers and lambdas (a theme's words
    /// with places) by exact type, anything else as `renderToken(_:context:)` renders it. A
    /// lambda is neither a template nor a custom renderable, the casts tried before it.
    @inline(__always)
    func renderVariable(_ child: Any, escaped: Bool, context: MustacheContext, into string: inout String) {
        if let text = plainText(child) {
            string += escaped ? context.contentType.escapeText(text) : text
        } else if type(of: child) == MustacheLambda.self, let lambda = child as? MustacheLambda {
            if escaped {
                string += self.renderLambda(lambda, parameter: "", context: context)
            } else {
                string += self.renderUnescapedLambda(lambda, parameter: "", context: context)
            }
        } else {
            string += self.renderVariableValue(child, escaped: escaped, context: context)
        }
    }

    /// The text of a variable's value that is not a String or an Int (the original's code).
    func renderVariableValue(_ child: Any, escaped: Bool, context: MustacheContext) -> String {
        if escaped {
            if let template = child as? MustacheTemplate {
                return template.render(context: context)
            } else if let renderable = child as? MustacheCustomRenderable {
                return context.contentType.escapeText(renderable.renderText)
            } else if let lambda = child as? MustacheLambda {
                return self.renderLambda(lambda, parameter: "", context: context)
            } else {
                return context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(child)))
            }
        } else {
            if let renderable = child as? MustacheCustomRenderable {
                return renderable.renderText
            } else if let lambda = child as? MustacheLambda {
                return self.renderUnescapedLambda(lambda, parameter: "", context: context)
            } else {
                return String(describing: unwrapIfAnyContainsOptional(child))
            }
        }
    }

    /// usergraph: a section token onto `string`. Flags, objects, lists and plain values (by
    /// exact type; none of them is a lambda) render in place; anything else is checked for a
    /// lambda and rendered as `renderSection` renders it.
    func renderSectionToken(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into string: inout String) {
        guard let child else { return }
        if self.renderPlainSection(child, with: template, context: context, into: &string) { return }
        if let lambda = child as? MustacheLambda {
            string += self.renderUnescapedLambda(lambda, parameter: template.text, context: context)
        } else {
            string += self.renderSection(child, with: template, context: context)
        }
    }

    /// usergraph: `renderSection` for the plain types pages are made of, found by exact type;
    /// false (nothing rendered) for any other type.
    @inline(__always)
    private func renderPlainSection(_ child: Any, with template: MustacheTemplate, context: MustacheContext, into string: inout String) -> Bool {
        let type = type(of: child)
        if type == [String: Any].self, let dictionary = child as? [String: Any] {
            template.render(context: context.withObject(dictionary: dictionary), into: &string)
            return true
        }
        if type == Bool.self, let bool = child as? Bool {
            if bool { template.render(context: context, into: &string) }
            return true
        }
        if type == [[String: Any]].self, let list = child as? [[String: Any]] {
            Self.renderList(list, with: template, context: context, into: &string)
            return true
        }
        if type == [Any].self, let list = child as? [Any] {
            list.renderSection(with: template, context: context, into: &string)
            return true
        }
        if type == [String].self, let list = child as? [String] {
            list.renderSection(with: template, context: context, into: &string)
            return true
        }
        // Neither a sequence nor a flag: rendered with it pushed, unless it says it is null.
        if type == MustacheNode.self, let node = child as? MustacheNode {
            if !node.value.isNull { template.render(context: context.withObject(node: node), into: &string) }
            return true
        }
        // Not a sequence, a flag or a custom renderable: the original pushed them.
        if type == String.self || type == Int.self || type == Double.self {
            template.render(context: context.withObject(child), into: &string)
            return true
        }
        return false
    }

    /// usergraph: a list of objects, as `MustacheSequence.renderSection` renders it, with each
    /// item pushed as the object it is (no cast when looking names up in it).
    static func renderList(_ list: [[String: Any]], with template: MustacheTemplate, context: MustacheContext, into string: inout String) {
        let count = list.count
        var sequenceContext = MustacheSequenceContext(first: true)
        for index in 0..<count {
            if index == count - 1 { sequenceContext.last = true }
            template.render(context: context.withSequence(dictionary: list[index], sequenceContext: sequenceContext), into: &string)
            sequenceContext.first = false
            sequenceContext.index += 1
        }
    }

    /// usergraph: `renderSection` onto `string`: flags, objects and lists of objects (by exact
    /// type, as there) render in place; anything else as `renderSection` renders it.
    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into string: inout String) {
        if let child, self.renderPlainSection(child, with: template, context: context, into: &string) { return }
        string += self.renderSection(child, with: template, context: context)
    }

    /// usergraph: `renderInvertedSection` onto `string`; nothing, flags, objects, lists and plain
    /// values (by exact type) in place.
    func renderInvertedSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into string: inout String) {
        guard let child else {
            template.render(context: context, into: &string)
            return
        }
        let type = type(of: child)
        if type == Bool.self, let bool = child as? Bool {
            if !bool { template.render(context: context, into: &string) }
            return
        }
        if type == [String: Any].self || type == String.self || type == Int.self || type == Double.self {
            return  // not a sequence, a flag or a custom renderable: the original rendered nothing
        }
        if type == MustacheNode.self, let node = child as? MustacheNode {
            if node.value.isNull { template.render(context: context, into: &string) }
            return
        }
        if type == [[String: Any]].self, let list = child as? [[String: Any]] {
            if list.isEmpty { template.render(context: context.withObject(child), into: &string) }
            return
        }
        if type == [Any].self, let list = child as? [Any] {
            if list.isEmpty { template.render(context: context.withObject(child), into: &string) }
            return
        }
        string += self.renderInvertedSection(child, with: template, context: context)
    }

    func renderToken(_ token: Token, context: inout MustacheContext) -> String {
        switch token {
        case .text(let text):
            return text

        case .variable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                // usergraph: text and numbers, by exact type, skip the protocol casts below,
                // none of which they pass; the result is the same text.
                if let text = plainText(child) {
                    return context.contentType.escapeText(text)
                }
                return self.renderVariableValue(child, escaped: true, context: context)
            }

        case .unescapedVariable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                if let text = plainText(child) {  // usergraph: as above
                    return text
                }
                return self.renderVariableValue(child, escaped: false, context: context)
            }

        case .section(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            if let lambda = child as? MustacheLambda {
                return self.renderUnescapedLambda(lambda, parameter: template.text, context: context)
            }
            return self.renderSection(child, with: template, context: context)

        case .invertedSection(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            return self.renderInvertedSection(child, with: template, context: context)

        case .blockExpansion(let name, let defaultTemplate, let indented):
            if let override = context.inherited?[name] {
                return override.render(context: context.withBlockExpansion(indented: indented))
            } else {
                return defaultTemplate.render(context: context.withBlockExpansion(indented: indented))
            }

        case .partial(let name, let indentation, let overrides):
            if var template = context.library?.getTemplate(named: name) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else { return "Cannot find template at \(filename)" }
                        template = partialTemplate
                    } catch {
                        return "\(error)"
                    }
                }
                #endif
                return template.render(context: context.withPartial(indented: indentation, inheriting: overrides))
            }

        case .dynamicNamePartial(let name, let indentation, let overrides):
            let child = self.getChild(named: name, transforms: [], context: context)
            guard let childName = child as? String else {
                return ""
            }
            if var template = context.library?.getTemplate(named: childName) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else { return "Cannot find template at \(filename)" }
                        template = partialTemplate
                    } catch {
                        return "\(error)"
                    }
                }
                #endif
                return template.render(context: context.withPartial(indented: indentation, inheriting: overrides))
            }

        case .contentType(let contentType):
            context = context.withContentType(contentType)

        case .blockDefinition:
            fatalError("Should not be rendering block definitions")
        }
        return ""
    }

    /// Render a section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    /// - Returns: Rendered text
    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext) -> String {
        // usergraph: flags and objects, by exact type, before the protocol casts below; neither
        // is a sequence or a custom renderable, so the result is the same.
        if let child {
            let type = type(of: child)
            if type == Bool.self, let bool = child as? Bool { return bool ? template.render(context: context) : "" }
            if type == [String: Any].self { return template.render(context: context.withObject(child)) }
        }
        switch child {
        case let array as any MustacheSequence:
            return array.renderSection(with: template, context: context)
        case let bool as Bool:
            return bool ? template.render(context: context) : ""
        case let null as MustacheCustomRenderable where null.isNull == true:
            return ""
        case .some(let value):
            return template.render(context: context.withObject(value))
        case .none:
            return ""
        }
    }

    /// Render an inverted section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    /// - Returns: Rendered text
    func renderInvertedSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext) -> String {
        if let child {  // usergraph: as in renderSection
            let type = type(of: child)
            if type == Bool.self, let bool = child as? Bool { return bool ? "" : template.render(context: context) }
            if type == [String: Any].self { return "" }
        }
        switch child {
        case let array as any MustacheSequence:
            return array.renderInvertedSection(with: template, context: context)
        case let bool as Bool:
            return bool ? "" : template.render(context: context)
        case let null as MustacheCustomRenderable where null.isNull == true:
            return template.render(context: context)
        case .some:
            return ""
        case .none:
            return template.render(context: context)
        }
    }

    func renderLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try LambdaTemplates.parse(context.contentType.escapeText(string))
                    return self.renderSection(context.top.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(result)))
            }
        }
    }

    func renderUnescapedLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try LambdaTemplates.parse(string)
                    return self.renderSection(context.top.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return String(describing: unwrapIfAnyContainsOptional(result))
            }
        }
    }

    /// usergraph: a name met while rendering (a dynamic partial's) is split here.
    func getChild(named name: String, transforms: [String], context: MustacheContext) -> Any? {
        self.getChild(named: TagName(name), transforms: transforms, context: context)
    }

    /// Get child object from variable name
    func getChild(named tagName: TagName, transforms: [String], context: MustacheContext) -> Any? {
        func _getImmediateChild(named name: String, from object: Any) -> Any? {
            // usergraph: most contexts are [String: Any]; checking for exactly that type costs far
            // less than the two protocol casts below, and Dictionary's MustacheParent child is this.
            let objectType = type(of: object)
            if objectType == [String: Any].self, let dictionary = object as? [String: Any] {
                return dictionary[name]
            }
            if objectType == [String: Bool].self, let dictionary = object as? [String: Bool] {
                return dictionary[name]
            }
            if objectType == MustacheNode.self, let node = object as? MustacheNode {
                return node.value.child(named: name)
            }
            // usergraph: a String, Int, Bool or Double on the stack (a `{{#text}}` section) has no
            // children; the Mirror below would find none either, at a far higher cost.
            if objectType == String.self || objectType == Int.self || objectType == Bool.self || objectType == Double.self {
                return nil
            }
            let child = {
                let object: Any? =
                    if let custom = object as? MustacheCustomRepresentation {
                        custom.representation
                    } else {
                        object
                    }
                if let customBox = object as? MustacheParent {
                    return customBox.child(named: name)
                } else if let object {
                    let mirror = Mirror(reflecting: object)
                    return mirror.getValue(forKey: name)
                } else {
                    return nil
                }
            }()
            return child
        }

        func _getChild(named names: ArraySlice<String>, from object: Any) -> Any? {
            guard let name = names.first else { return object }
            var object = object
            // usergraph: a [String: Any] or a node (by exact type) is not a lambda.
            let objectType = type(of: object)
            if objectType != [String: Any].self, objectType != MustacheNode.self, let lambda = object as? MustacheLambda {
                guard let result = lambda("") else { return nil }
                object = result
            }
            guard let childObject = _getImmediateChild(named: name, from: object) else { return nil }
            let names2 = names.dropFirst()
            return _getChild(named: names2, from: childObject)
        }

        /// usergraph: the frames from the top down, as the original went through the reversed
        /// stack; each frame's kind was found when it was pushed, so a dictionary needs no cast.
        func _getChildInStack(named names: ArraySlice<String>, from top: MustacheStackFrame) -> Any? {
            guard let name = names.first else { return top.object }
            var frame: MustacheStackFrame? = top
            while let current = frame {
                let found: Any?
                switch current.kind {
                case .dictionary(let dictionary): found = dictionary[name]
                case .boolDictionary(let dictionary): found = dictionary[name]
                case .node(let node): found = node.value.child(named: name)
                case .leaf: found = nil
                case .other:
                    switch current.otherChildren {
                    case .parent(let parent): found = parent.child(named: name)
                    case .other: found = _getImmediateChild(named: name, from: current.object)
                    }
                }
                if let childObject = found {
                    if names.count == 1 { return childObject }
                    return _getChild(named: names.dropFirst(), from: childObject)
                }
                frame = current.parent
            }
            return nil
        }

        // work out which object to access. "." means the current object, if the variable name is ""
        // and we have a transform to run on the variable then we need the context object, otherwise
        // the name is split by "." and we use mirror to get the correct child object. If we cannot find
        // the root object we look up the context stack until we can find one with a matching name. The
        // stack climbing can be disabled by prefixing the variable name with a "."
        var child: Any?
        if tagName.isDot {
            child = context.top.object
        } else if tagName.isEmpty, !transforms.isEmpty {
            child = context.sequenceContext
        } else if tagName.leadingDot {
            // usergraph: split once, when the template was parsed (see `TagName`).
            child = _getChild(named: tagName.parts[...], from: context.top.object)
        } else {
            child = _getChildInStack(named: tagName.parts[...], from: context.top)
        }

        if let found = child, !Self.isPlainValue(found), let custom = found as? MustacheCustomRepresentation {
            child = custom.representation
        }

        // skip transforms if child is already nil
        guard var child else {
            return nil
        }

        // if we want to run a transform and the current child can have transforms applied to it then
        // run transform on the current child
        for transform in transforms.reversed() {
            // usergraph: a node's transforms without the cast.
            if type(of: child) == MustacheNode.self, let node = child as? MustacheNode {
                guard let transformed = node.value.transform(transform) else { return nil }
                child = transformed
                continue
            }
            if let runnable = child as? MustacheTransformable,
                let transformed = runnable.transform(transform)
            {
                child = transformed
                continue
            }

            // return nil if transform is unsuccessful or has returned nil
            return nil
        }
        return child
    }

    /// usergraph: the text of a String, an Int or a node, found by exact type (so not through
    /// any protocol), or nil for every other value. None of them is a template or a lambda, and
    /// a node's text is the one its custom rendering gives, so callers may skip those checks.
    @inline(__always)
    private func plainText(_ value: Any) -> String? {
        let type = type(of: value)
        if type == String.self { return value as? String }
        if type == Int.self, let int = value as? Int { return String(int) }
        if type == MustacheNode.self, let node = value as? MustacheNode { return node.value.renderText }
        return nil
    }

    /// usergraph: whether a value is one of the plain types pages are made of, none of which is
    /// a custom representation.
    @inline(__always)
    static func isPlainValue(_ value: Any) -> Bool {
        let type = type(of: value)
        return type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type == [String: Any].self || type == [[String: Any]].self || type == [String].self || type == MustacheNode.self
    }

    private func unwrapIfAnyContainsOptional(_ value: Any) -> Any {
        guard let opt = value as? AnyOptional else { return value }
        return opt.anyWrapped ?? value  // nil? keep the original Optional.none
    }
}

/// usergraph: the templates lambdas return, parsed once per distinct text rather than on every
/// call (a theme's words with `{name}` places are lambdas used on every page). Parsing is a
/// pure function of the text and templates are immutable values, so a cached one renders the
/// same; the cache stops growing at a few thousand texts.
enum LambdaTemplates {
    private static let parsed = Mutex<[String: MustacheTemplate]>([:])

    static func parse(_ text: String) throws -> MustacheTemplate {
        if let template = parsed.withLock({ $0[text] }) { return template }
        let template = try MustacheTemplate(string: text)
        parsed.withLock { cache in
            if cache.count < 4096 { cache[text] = template }
        }
        return template
    }
}
