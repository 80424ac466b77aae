#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import SwiftUI

  /// A property wrapper that makes bindings to the mutable properties of a perceptible object,
  /// `$settings.isOn` for `@Perception.Bindable var settings`: SwiftUI's `Bindable`, for systems
  /// before it.
  ///
  /// Making a binding reads the property as the view's content reads it, so the view renders
  /// again, with a fresh binding, when it changes; a control's later reads of the binding are
  /// never reported by perception checking. Obsoleted from iOS 17 (macOS 14, tvOS 17, watchOS
  /// 10) and unavailable on visionOS, as in swift-perception: a merely deprecated type would
  /// make `@Bindable` ambiguous beside SwiftUI's.
  @available(iOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(macOS, introduced: 10.15, obsoleted: 14, message: "Use SwiftUI's @Bindable")
  @available(tvOS, introduced: 13, obsoleted: 17, message: "Use SwiftUI's @Bindable")
  @available(watchOS, introduced: 6, obsoleted: 10, message: "Use SwiftUI's @Bindable")
  @available(visionOS, unavailable)
  @dynamicMemberLookup
  @propertyWrapper
  public struct Bindable<Value> {
    // `Value` is unconstrained, as in swift-perception, so that code written against it compiles.
    /// The object whose properties the bindings read and write.
    public var wrappedValue: Value

    /// The wrapper itself, whose dynamic members are the bindings: `$model.property`.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to the property at `keyPath` of the object; SwiftUI sees every binding made
    /// for the same object and property as the same input, as with its own `Bindable`.
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> where Value: AnyObject {
      let core = PerceptibleBinding.makeBinding(wrappedValue, keyPath: keyPath).core
      // SwiftUI compares a binding input by location: a `Binding(get:set:)` is new each time
      // (swift-perception #55), a projection is its base's and key path. So bindings project
      // from one base through a key path naming object and property (documented API only).
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

    /// Creates a wrapper from another one's projected value (a view that receives `$model`).
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

  /// The base of every binding a `Bindable` makes: writing its empty root does nothing, as the
  /// projected key path's setter has written the property.
  private let perceptibleBindingBase = Binding(
    get: { PerceptibleBindingRoot() }, set: { _ in })
#endif
