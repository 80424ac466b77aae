import Foundation

/// A key for a value in the environment: SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
  /// The value's type.
  associatedtype Value
  /// The value where nothing set one.
  static var defaultValue: Value { get }
}

/// The values a view's ancestors placed in its environment: SwiftUI's `EnvironmentValues`.
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
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  private let keyPath: KeyPath<EnvironmentValues, Value>
  private let installed = InstalledEnvironment()

  /// Reads the value at `keyPath` of the environment.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
  }

  /// The value, from the environment the render loop installed (an empty one if none did).
  public var wrappedValue: Value {
    (installed.values ?? EnvironmentValues())[keyPath: keyPath]
  }
}

/// The environment a render loop installed in one `Environment` property.
final class InstalledEnvironment: @unchecked Sendable {
  // Sendable: only touched on the main actor, by the render loop and the view's body.
  var values: EnvironmentValues?
}

/// What a render loop does with a view's environment properties.
package protocol StandInEnvironment {
  /// Makes the property read `values`.
  func install(_ values: EnvironmentValues)
}

extension Environment: StandInEnvironment {
  package func install(_ values: EnvironmentValues) {
    installed.values = values
  }
}

extension View {
  /// Sets the value at `keyPath` of the environment of this view and its descendants.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View {
    EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
  }
}

/// A view that changes its content's environment, as `environment(_:_:)` makes it.
// The conformance is apart, so that the nonisolated modifier can make the view.
package struct EnvironmentWriter<Content: View> {
  package let content: Content
  package let write: (inout EnvironmentValues) -> Void
}

extension EnvironmentWriter: View {
  package var body: Never { fatalError("a primitive view has no body") }
}
