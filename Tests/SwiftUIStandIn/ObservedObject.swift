/// A class whose changes a view can observe: Combine's `ObservableObject`, which SwiftUI's
/// `ObservedObject` requires.
///
/// Apple's declaration (Combine, "ObservableObject"): `protocol ObservableObject : AnyObject`,
/// with `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher` and
/// `var objectWillChange: Self.ObjectWillChangePublisher { get }`, which a class gets by default.
/// The stand-in has no Combine, so it leaves out the publisher: nothing here subscribes to it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {}

/// A property wrapper that observes an `ObservableObject`: SwiftUI's `ObservedObject`.
///
/// Apple's declaration ("ObservedObject"): `@MainActor @propertyWrapper @preconcurrency @frozen
/// struct ObservedObject<ObjectType> where ObjectType : ObservableObject`, a `DynamicProperty`;
/// `@MainActor @preconcurrency init(wrappedValue: ObjectType)`; `var wrappedValue: ObjectType`;
/// `var projectedValue: ObservedObject<ObjectType>.Wrapper { get }`. Not `@frozen` here
/// (library evolution only); the stand-in does not subscribe to the object.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  /// The object.
  public var wrappedValue: ObjectType

  /// Observes `wrappedValue`.
  public init(wrappedValue: ObjectType) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper that makes bindings to the object's properties.
  public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }

  /// Makes bindings to an observed object's properties: SwiftUI's `ObservedObject.Wrapper`
  /// (`@MainActor @dynamicMemberLookup @preconcurrency @frozen struct Wrapper`, Sendable).
  @MainActor @preconcurrency
  @dynamicMemberLookup
  public struct Wrapper: @unchecked Sendable {
    // Sendable as Apple's is; the stand-in's object is only touched on the main actor.
    private let root: ObjectType

    init(root: ObjectType) {
      self.root = root
    }

    /// A binding to the property at `keyPath` of the object, whose location is the object and
    /// the key path (`subscript(dynamicMember:)`: `subscript<Subject>(dynamicMember keyPath:
    /// ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { get }`).
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> {
      Binding(location: ObjectLocation(object: root, keyPath: keyPath))
    }
  }
}
