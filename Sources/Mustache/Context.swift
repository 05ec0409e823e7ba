//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// Context while rendering mustache tokens
///
/// usergraph: the stack is a linked list of frames (`MustacheStackFrame`), each knowing what kind
/// of object it holds, and the settings that rarely change (indentation, inherited blocks,
/// content type, library) sit in one shared object (`MustacheRenderSettings`). Entering a
/// section or a list item used to copy the whole stack into a new array (retaining every
/// object on it) and every setting; now it makes one frame, and copying a context retains two
/// references. Lookups walk the frames from the top, as they walked the reversed array.
struct MustacheContext {
    /// usergraph: the top of the stack (the original's `stack.last`).
    let top: MustacheStackFrame
    let sequenceContext: MustacheSequenceContext?
    let settings: MustacheRenderSettings

    var indentation: String? { self.settings.indentation }
    var inherited: [String: MustacheTemplate]? { self.settings.inherited }
    var contentType: MustacheContentType { self.settings.contentType }
    var library: MustacheLibrary? { self.settings.library }
    var reloadPartials: Bool { self.settings.reloadPartials }

    /// initialize context with a single objectt
    init(_ object: Any, library: MustacheLibrary? = nil, reloadPartials: Bool = false) {
        self.top = MustacheStackFrame(object, parent: nil)
        self.sequenceContext = nil
        self.settings = MustacheRenderSettings(
            indentation: nil,
            inherited: nil,
            contentType: HTMLContentType(),
            library: library,
            reloadPartials: reloadPartials
        )
    }

    private init(top: MustacheStackFrame, sequenceContext: MustacheSequenceContext?, settings: MustacheRenderSettings) {
        self.top = top
        self.sequenceContext = sequenceContext
        self.settings = settings
    }

    /// return context with object add to stack
    func withObject(_ object: Any) -> MustacheContext {
        .init(top: MustacheStackFrame(object, parent: self.top), sequenceContext: nil, settings: self.settings)
    }

    /// usergraph: `withObject` for a node already cast, so the frame needs no cast.
    func withObject(node: MustacheNode) -> MustacheContext {
        .init(top: MustacheStackFrame(node: node, parent: self.top), sequenceContext: nil, settings: self.settings)
    }

    /// usergraph: `withObject` for a `[String: Any]` already cast, so the frame needs no cast.
    func withObject(dictionary: [String: Any]) -> MustacheContext {
        .init(top: MustacheStackFrame(dictionary: dictionary, parent: self.top), sequenceContext: nil, settings: self.settings)
    }

    /// return context with indent and parameter information for invoking a partial
    func withPartial(indented: String?, inheriting: [String: MustacheTemplate]?) -> MustacheContext {
        let indentation: String?
        if let indented {
            indentation = (self.indentation ?? "") + indented
        } else {
            indentation = self.indentation
        }
        let inherits: [String: MustacheTemplate]?
        if let inheriting {
            if let originalInherits = self.inherited {
                inherits = originalInherits.merging(inheriting) { value, _ in value }
            } else {
                inherits = inheriting
            }
        } else {
            inherits = self.inherited
        }
        // usergraph: a partial with nothing new keeps sharing the settings (HTML content, as
        // the original resets it to).
        let settings: MustacheRenderSettings
        if indented == nil, inheriting == nil, self.settings.isHTML {
            settings = self.settings
        } else {
            settings = MustacheRenderSettings(
                indentation: indentation,
                inherited: inherits,
                contentType: HTMLContentType(),
                library: self.library,
                reloadPartials: self.reloadPartials
            )
        }
        return .init(top: self.top, sequenceContext: nil, settings: settings)
    }

    /// return context with indent information for invoking an inheritance block
    func withBlockExpansion(indented: String?) -> MustacheContext {
        let indentation: String?
        if let indented {
            indentation = (self.indentation ?? "") + indented
        } else {
            indentation = self.indentation
        }
        let settings = MustacheRenderSettings(
            indentation: indentation,
            inherited: self.inherited,
            contentType: self.contentType,
            library: self.library,
            reloadPartials: self.reloadPartials
        )
        return .init(top: self.top, sequenceContext: nil, settings: settings)
    }

    /// return context with sequence info and sequence element added to stack
    func withSequence(_ object: Any, sequenceContext: MustacheSequenceContext) -> MustacheContext {
        .init(top: MustacheStackFrame(object, parent: self.top), sequenceContext: sequenceContext, settings: self.settings)
    }

    /// usergraph: `withSequence` for a `[String: Any]` item already typed, so the frame needs no cast.
    func withSequence(dictionary: [String: Any], sequenceContext: MustacheSequenceContext) -> MustacheContext {
        .init(top: MustacheStackFrame(dictionary: dictionary, parent: self.top), sequenceContext: sequenceContext, settings: self.settings)
    }

    /// return context with sequence info and sequence element added to stack
    func withContentType(_ contentType: MustacheContentType) -> MustacheContext {
        let settings = MustacheRenderSettings(
            indentation: self.indentation,
            inherited: self.inherited,
            contentType: contentType,
            library: self.library,
            reloadPartials: self.reloadPartials
        )
        return .init(top: self.top, sequenceContext: self.sequenceContext, settings: settings)
    }
}

/// usergraph: what a context carries that rarely changes, shared by the contexts of nested
/// sections and list items instead of copied into each.
final class MustacheRenderSettings {
    let indentation: String?
    let inherited: [String: MustacheTemplate]?
    let contentType: MustacheContentType
    let library: MustacheLibrary?
    let reloadPartials: Bool
    /// Whether `contentType` is the default `HTMLContentType` and there is no indentation and
    /// no inherited block, so a partial's context may share these settings.
    let isHTML: Bool

    init(
        indentation: String?,
        inherited: [String: MustacheTemplate]?,
        contentType: MustacheContentType,
        library: MustacheLibrary?,
        reloadPartials: Bool
    ) {
        self.indentation = indentation
        self.inherited = inherited
        self.contentType = contentType
        self.library = library
        self.reloadPartials = reloadPartials
        self.isHTML = indentation == nil && inherited == nil && contentType is HTMLContentType
    }
}

/// usergraph: one object on the context stack, and the frame below it. What kind of object it
/// is (the exact types `getChild` looked for on every lookup) is found once, when it is pushed.
final class MustacheStackFrame {
    enum Kind {
        /// A `[String: Any]`: its children are its values.
        case dictionary([String: Any])
        /// A `[String: Bool]`: its children are its values.
        case boolDictionary([String: Bool])
        /// A `MustacheNode`: its children are its value's.
        case node(MustacheNode)
        /// A `String`, `Int`, `Bool` or `Double`: no children.
        case leaf
        /// Anything else: looked up as the original did.
        case other
    }

    let object: Any
    let kind: Kind
    let parent: MustacheStackFrame?
    /// For an `.other` frame, what its children come from, found by the first lookup that
    /// reaches it: a name missed by the frames above tries every frame below, and the two
    /// protocol casts a try took were a tenth of a list page's rendering.
    private var children: Children?

    enum Children {
        /// Its representation (`MustacheCustomRepresentation`) or itself is a `MustacheParent`.
        case parent(MustacheParent)
        /// Neither: looked up as the original did.
        case other
    }

    /// `children` of an `.other` frame, found once.
    var otherChildren: Children {
        if let children { return children }
        let represented: Any? = (object as? MustacheCustomRepresentation).map(\.representation) ?? object
        let found: Children = (represented as? MustacheParent).map { .parent($0) } ?? .other
        children = found
        return found
    }

    init(_ object: Any, parent: MustacheStackFrame?) {
        self.object = object
        self.parent = parent
        let type = type(of: object)
        if type == [String: Any].self, let dictionary = object as? [String: Any] {
            self.kind = .dictionary(dictionary)
        } else if type == [String: Bool].self, let dictionary = object as? [String: Bool] {
            self.kind = .boolDictionary(dictionary)
        } else if type == MustacheNode.self, let node = object as? MustacheNode {
            self.kind = .node(node)
        } else if type == String.self || type == Int.self || type == Bool.self || type == Double.self {
            self.kind = .leaf
        } else {
            self.kind = .other
        }
    }

    init(node: MustacheNode, parent: MustacheStackFrame?) {
        self.object = node
        self.kind = .node(node)
        self.parent = parent
    }

    init(dictionary: [String: Any], parent: MustacheStackFrame?) {
        self.object = dictionary
        self.kind = .dictionary(dictionary)
        self.parent = parent
    }
}
