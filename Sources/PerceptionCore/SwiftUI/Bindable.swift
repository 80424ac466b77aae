#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    // Compiled into the stand-in test target, outside PerceptionCore.
    import PerceptionCore
  #endif
  import SwiftUI

  /// A property wrapper that makes bindings to the mutable properties of a perceptible object:
  /// the counterpart of SwiftUI's `Bindable`, for systems before it.
  ///
  /// ```swift
  /// struct SettingsView: View {
  ///   @Perception.Bindable var settings: Settings
  ///
  ///   var body: some View {
  ///     WithPerceptionTracking {
  ///       Toggle("Notifications", isOn: $settings.notificationsEnabled)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Making a binding (`$settings.notificationsEnabled`) reads the property as the view's
  /// content reads it, so the view that made it renders again, with a fresh binding, when that
  /// property changes; a binding read later by a control is tracked wherever a tracking scope
  /// runs and never reported by perception checking. Each binding reads and writes its own
  /// property only: a change made through one binding renders again the views that read that
  /// property, and no view that only made bindings to other properties.
  ///
  /// From iOS 17 (and macOS 14, tvOS 17, watchOS 10) it is obsoleted, and on visionOS
  /// unavailable, as in swift-perception: there SwiftUI declares its own `Bindable`, and a
  /// merely deprecated type of the same name would make `@Bindable` ambiguous in a file that
  /// imports both modules, where an obsoleted one steps aside.
  @available(iOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(macOS, introduced: 10.15, obsoleted: 14, message: "Use SwiftUI's @Bindable")
  @available(tvOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(watchOS, introduced: 6, obsoleted: 10, message: "Use SwiftUI's @Bindable")
  @available(visionOS, unavailable)
  @dynamicMemberLookup
  @propertyWrapper
  public struct Bindable<Value> {
    // `Value` is unconstrained, as in swift-perception, so that extensions and signatures
    // written against its `Bindable` compile here; the initializers require a perceptible
    // object, so every value made is one.
    /// The object whose properties the bindings read and write.
    public var wrappedValue: Value

    /// The wrapper itself, whose dynamic members are the bindings: `$model.property`.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to the property at `keyPath` of the object.
    ///
    /// SwiftUI sees the bindings made for the same object and property as one unchanged
    /// binding, from any `Bindable` and at any render, as it sees SwiftUI's own `Bindable`'s, so
    /// that a child view that takes one renders again only when what it shows changed.
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> where Value: AnyObject {
      let core = PerceptibleBinding.makeBinding(wrappedValue, keyPath: keyPath).core
      // SwiftUI compares a view's binding inputs by location, and a `Binding(get:set:)` is a new
      // location each time (swift-perception #55). A binding projected from a base binding with
      // a key path is compared by the base's location and the key path, so swift-perception
      // #56 projected from a binding each `Bindable` kept. Here every binding projects from one
      // base kept for the process, through a key path whose argument names the object (by
      // identity) and the property: equal for the same object and property, whichever
      // `Bindable` made it. Only documented, nonisolated declarations are used
      // (`Binding.init(get:set:)`, `Binding.subscript(dynamicMember:)`), so it compiles in
      // Swift 6 mode from a nonisolated subscript; swift-perception's current projection
      // through an `@ObservedObject` (#58) calls main-actor declarations, which its Swift 5
      // mode allows.
      return perceptibleBindingBase[dynamicMember: \PerceptibleBindingRoot.[binding: core]]
    }

    /// Creates a wrapper that makes bindings to the properties of `wrappedValue`.
    public init(wrappedValue: Value) where Value: AnyObject & Perceptible {
      self.wrappedValue = wrappedValue
    }

    /// Creates a wrapper that makes bindings to the properties of `wrappedValue`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Perceptible {
      self.wrappedValue = wrappedValue
    }

    /// Creates a wrapper from another one's projected value, as a view does that receives
    /// `$model`.
    public init(projectedValue: Bindable<Value>) where Value: AnyObject & Perceptible {
      self = projectedValue
    }
  }

  @available(iOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(macOS, introduced: 10.15, obsoleted: 14, message: "Use SwiftUI's @Bindable")
  @available(tvOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(watchOS, introduced: 6, obsoleted: 10, message: "Use SwiftUI's @Bindable")
  @available(visionOS, unavailable)
  extension Bindable: Identifiable where Value: Identifiable {
    /// The object's identity.
    public var id: Value.ID { wrappedValue.id }
  }

  @available(iOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(macOS, introduced: 10.15, obsoleted: 14, message: "Use SwiftUI's @Bindable")
  @available(tvOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(watchOS, introduced: 6, obsoleted: 10, message: "Use SwiftUI's @Bindable")
  @available(visionOS, unavailable)
  extension Bindable: Sendable where Value: Sendable {}

  /// The base location of every binding a `Bindable` makes (see its dynamic member subscript):
  /// it reads a root that holds nothing, and writing the root does nothing, as the projected key
  /// path's setter has already written the property.
  private let perceptibleBindingBase = Binding(
    get: { PerceptibleBindingRoot() }, set: { _ in })
#endif
