#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    // Compiled into the stand-in test target, outside PerceptionCore.
    import PerceptionCore
  #endif
  import SwiftUI

  extension Environment {
    /// Reads the perceptible object of type `objectType` that an ancestor placed in the
    /// environment with `View.environment(_:)`: the counterpart of SwiftUI's
    /// `Environment(_:)` for `Observable` types, for systems before it.
    ///
    /// Reading the property when no ancestor placed such an object is a fatal error that names
    /// the type; declare the property optional to read nil instead.
    @_disfavoredOverload
    public init(_ objectType: Value.Type) where Value: AnyObject & _Perceptible {
      self.init(\EnvironmentValues.[required: PerceptibleEntry<Value>()])
    }

    /// Reads the perceptible object of type `objectType` that an ancestor placed in the
    /// environment, or nil if none did.
    @_disfavoredOverload
    public init<Object: AnyObject & _Perceptible>(_ objectType: Object.Type)
    where Value == Object? {
      self.init(\EnvironmentValues.[PerceptibleEntry<Object>()])
    }
  }

  extension View {
    /// Places `object` in this view's environment, for descendants that read its type with
    /// `@Environment(Type.self)`; nil removes an object of its type placed above.
    // Nonisolated as Apple's `environment(_:)` for Observable objects and `environment(_:_:)`
    // are, so that it can be called wherever theirs can; swift-perception's is isolated to the
    // main actor, which its Swift 5 mode lets nonisolated code call.
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
    /// The object of one perceptible type, or nil.
    fileprivate subscript<Object>(entry: PerceptibleEntry<Object>) -> Object? {
      get { self[PerceptibleEntry<Object>.self] }
      set { self[PerceptibleEntry<Object>.self] = newValue }
    }

    /// The object of one perceptible type; a fatal error naming the type if there is none.
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
