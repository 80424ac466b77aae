import Observation

/// A property wrapper that makes bindings to the mutable properties of an `Observable` object:
/// SwiftUI's `Bindable`, from iOS 17.
///
/// Apple's declaration ("Bindable"): `@dynamicMemberLookup @propertyWrapper struct
/// Bindable<Value>`, whose unconstrained initializers are unavailable ("The wrapped value must be
/// an object that conforms to Observable") and whose usable ones require `AnyObject &
/// Observable`, so that a type that is only `Perceptible` is refused here, as on a device. Its
/// bindings keep their identity, as SwiftUI's do (swift-perception #56): a binding is the object
/// and the key path (`ObjectLocation`, in Binding.swift), equal under `==`, the comparison of
/// the iOS 17 releases that have it.
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
