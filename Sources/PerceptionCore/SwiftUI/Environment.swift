#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import SwiftUI

  extension Environment {
    /// Reads the perceptible object of type `objectType` that an ancestor placed with
    /// `View.environment(_:)`, as SwiftUI's `Environment(_:)` reads an `Observable` one. If none
    /// did, reading it is a fatal error naming the type; declare the property optional for nil.
    @_disfavoredOverload
    public init(_ objectType: Value.Type) where Value: AnyObject & _Perceptible {
      self.init(\EnvironmentValues.[required: PerceptibleEntry<Value>()])
    }

    /// Reads the perceptible object of type `objectType` an ancestor placed, or nil if none did.
    @_disfavoredOverload
    public init<Object: AnyObject & _Perceptible>(_ objectType: Object.Type)
    where Value == Object? {
      self.init(\EnvironmentValues.[PerceptibleEntry<Object>()])
    }
  }

  extension View {
    /// Places `object` in this view's environment, for descendants that read its type with
    /// `@Environment(Type.self)`; nil removes an object of its type placed above.
    // Nonisolated as Apple's `environment(_:)` is, so that it can be called wherever theirs can.
    @_disfavoredOverload
    nonisolated public func environment<Object: AnyObject & _Perceptible>(
      _ object: Object?
    ) -> some View {
      environment(\EnvironmentValues.[PerceptibleEntry<Object>()], object)
    }
  }

  /// The environment entry of one perceptible type: its key, and the key path's argument.
  private struct PerceptibleEntry<Object: AnyObject & _Perceptible>: EnvironmentKey, Hashable {
    static var defaultValue: Object? { nil }
  }

  extension EnvironmentValues {
    fileprivate subscript<Object>(entry: PerceptibleEntry<Object>) -> Object? {
      get { self[PerceptibleEntry<Object>.self] }
      set { self[PerceptibleEntry<Object>.self] = newValue }
    }

    fileprivate subscript<Object>(required entry: PerceptibleEntry<Object>) -> Object {
      get {
        guard let object = self[entry] else {
          fatalError(PerceptibleEnvironment.missingObjectMessage(Object.self))
        }
        return object
      }
      set { self[entry] = newValue }
    }
  }
#endif
