import Observation

/// A key for a value in the environment: SwiftUI's `EnvironmentKey`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
  /// The value's type.
  associatedtype Value
  /// The value where nothing set one.
  static var defaultValue: Value { get }
}

/// The values a view's ancestors placed in its environment: SwiftUI's `EnvironmentValues`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues: @unchecked Sendable {
  // Sendable as SwiftUI's is; the stand-in's values are only touched on the main actor.
  private var values: [ObjectIdentifier: Any] = [:]

  /// No values.
  public init() {}

  /// The value for `key`, or its default.
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { values[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

/// A property that reads a value from the view's environment: SwiftUI's `Environment`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  private let keyPath: KeyPath<EnvironmentValues, Value>
  private let installed = InstalledEnvironment()
  /// The type of the `Observable` object this property reads, where one of SwiftUI's
  /// initializers for `Observable` objects made it; nil where another made it. What the tests
  /// ask to tell which overload a call resolved to.
  package let observableObjectType: Any.Type?

  /// Reads the value at `keyPath` of the environment.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
    observableObjectType = nil
  }

  private init(_ keyPath: KeyPath<EnvironmentValues, Value>, observableObjectType: Any.Type) {
    self.keyPath = keyPath
    self.observableObjectType = observableObjectType
  }

  /// The value, from the environment the render loop installed (an empty one if none did).
  public var wrappedValue: Value {
    (installed.values ?? EnvironmentValues())[keyPath: keyPath]
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Environment {
  /// Reads the `Observable` object of type `objectType` that an ancestor placed with
  /// `View.environment(_:)`; a fatal error if none did.
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
    self.init(
      \EnvironmentValues.[requiredObservable: ObservableEntry<Value>()],
      observableObjectType: objectType)
  }

  /// Reads the `Observable` object of type `objectType` that an ancestor placed, or nil.
  public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject & Observable {
    self.init(
      \EnvironmentValues.[observable: ObservableEntry<T>()], observableObjectType: objectType)
  }
}

/// The environment entry of one `Observable` type. (The stand-in's storage, available as the
/// `Observable` overloads are.)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
struct ObservableEntry<Object: AnyObject & Observable>: EnvironmentKey, Hashable {
  static var defaultValue: Object? { nil }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension EnvironmentValues {
  /// The object of one `Observable` type, or nil.
  subscript<Object>(observable entry: ObservableEntry<Object>) -> Object? {
    get { self[ObservableEntry<Object>.self] }
    set { self[ObservableEntry<Object>.self] = newValue }
  }

  /// The object of one `Observable` type; a fatal error naming the type if there is none.
  subscript<Object>(requiredObservable entry: ObservableEntry<Object>) -> Object {
    guard let object = self[observable: entry] else {
      fatalError("No Observable object of type \(Object.self) found.")
    }
    return object
  }
}

/// The environment a render loop installed in one `Environment` property. (The stand-in's
/// model, available as `Environment` is.)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final class InstalledEnvironment: @unchecked Sendable {
  // Sendable: only touched on the main actor, by the render loop and the view's body.
  var values: EnvironmentValues?
}

/// What a render loop does with a view's environment properties.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package protocol StandInEnvironment {
  /// Makes the property read `values`.
  func install(_ values: EnvironmentValues)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Environment: StandInEnvironment {
  package func install(_ values: EnvironmentValues) {
    installed.values = values
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Sets the value at `keyPath` of the environment of this view and its descendants.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View {
    EnvironmentWriter(content: self, observableObjectType: nil) { $0[keyPath: keyPath] = value }
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
  /// Places `object` in the environment of this view and its descendants, for those that read
  /// its type with `Environment(_:)`; nil removes an object of its type placed above.
  nonisolated public func environment<T>(_ object: T?) -> some View
  where T: AnyObject & Observable {
    EnvironmentWriter(content: self, observableObjectType: T.self) {
      $0[observable: ObservableEntry<T>()] = object
    }
  }
}

/// A view that changes its content's environment, as `environment(_:_:)` and `environment(_:)`
/// make it. (The stand-in's model, available as `View` is.)
// The conformance is apart, so that the nonisolated modifier can make the view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package struct EnvironmentWriter<Content: View> {
  package let content: Content
  /// The type of the `Observable` object it places, where SwiftUI's `environment(_:)` made it;
  /// nil where `environment(_:_:)` did. What the tests ask to tell which overload a call
  /// resolved to.
  package let observableObjectType: Any.Type?
  package let write: (inout EnvironmentValues) -> Void
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension EnvironmentWriter: View {
  package var body: Never { fatalError("a primitive view has no body") }
}
