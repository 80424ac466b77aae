import Observation

/// A property wrapper that makes bindings to the mutable properties of an `Observable` object:
/// SwiftUI's `Bindable`, from iOS 17.
///
/// Apple's declaration ("Bindable"): `@dynamicMemberLookup @propertyWrapper struct
/// Bindable<Value>`, whose unconstrained initializers are unavailable ("The wrapped value must be
/// an object that conforms to Observable") and whose usable ones require `AnyObject &
/// Observable`, so that a type that is only `Perceptible` is refused here, as on a device. Its
/// bindings keep their identity, as SwiftUI's do (swift-perception #56): a binding is the object
/// and the key path.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup
@propertyWrapper
public struct Bindable<Value> {
  /// The object.
  public var wrappedValue: Value

  /// The wrapper itself, whose dynamic members are the bindings.
  public var projectedValue: Bindable<Value> { self }

  /// Unavailable: the wrapped value must be an `Observable` object.
  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(wrappedValue: Value) {
    fatalError("unavailable")
  }

  /// Unavailable: the wrapped value must be an `Observable` object.
  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(projectedValue: Bindable<Value>) {
    fatalError("unavailable")
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject {
  /// A binding to the property at `keyPath` of the object.
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    Binding(location: ObjectLocation(object: wrappedValue, keyPath: keyPath))
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject & Observable {
  /// Wraps an `Observable` object.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps an `Observable` object.
  public init(_ wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps the object of another wrapper's projected value.
  public init(projectedValue: Bindable<Value>) {
    self = projectedValue
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Identifiable where Value: Identifiable {
  /// The object's identity.
  public var id: Value.ID { wrappedValue.id }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Sendable where Value: Sendable {}

/// The location of a binding `Bindable` makes: an object's property, the same as another
/// binding's to the same object and key path. (The stand-in's model, available as `Bindable` is.)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
final class ObjectLocation<Object: AnyObject, Value>: BindingLocation<Value>, @unchecked Sendable {
  // Sendable: the tests read and write bindings on the main actor, as SwiftUI's controls do.
  private let object: Object
  private let keyPath: ReferenceWritableKeyPath<Object, Value>

  init(object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>) {
    self.object = object
    self.keyPath = keyPath
  }

  override func get() -> Value { object[keyPath: keyPath] }
  override func set(_ newValue: Value) { object[keyPath: keyPath] = newValue }

  override func isSame(as other: BindingLocation<Value>) -> Bool {
    guard let other = other as? ObjectLocation<Object, Value> else { return false }
    return object === other.object && keyPath == other.keyPath
  }
}
