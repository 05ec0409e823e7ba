//
// usergraph: not part of the original swift-mustache.
//

/// What a `MustacheNode` holds: a value with its own text and named children (a number, a
/// date), and transforms when it has any.
public protocol MustacheNodeValue: MustacheCustomRenderable, MustacheParent {
    /// The value `{{transform(name)}}` renders, as `MustacheTransformable`'s; nil for none.
    func transform(_ name: String) -> Any?
}

extension MustacheNodeValue {
    /// No transforms, as for a value that is not `MustacheTransformable`.
    public func transform(_ name: String) -> Any? { nil }
}

/// A `MustacheNodeValue` in the one box rendering knows by its exact type, so that a number
/// or a date on a page is rendered, entered and looked into without the protocol casts (custom
/// representation, renderable, parent, transformable, lambda) that any other value takes: they
/// were a twelfth of rendering a page of list rows. Where it is not found by type it renders
/// as its value would, through the same protocols.
public struct MustacheNode: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    public let value: any MustacheNodeValue

    public init(_ value: any MustacheNodeValue) { self.value = value }

    public var renderText: String { self.value.renderText }
    public var isNull: Bool { self.value.isNull }
    public func child(named name: String) -> Any? { self.value.child(named: name) }
    public func transform(_ name: String) -> Any? { self.value.transform(name) }
}
