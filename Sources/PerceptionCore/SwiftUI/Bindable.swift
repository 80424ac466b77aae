#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import Dispatch
  import Foundation
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
      // (swift-perception #55), and never equal to itself where the graph compares locations
      // with `==`; a projection is its base's and key path. So bindings project, through a key
      // path naming object and property, from one base kept for the process, whose location is
      // an object and a key path: `ObservedObject`'s projection (documented API only).
      return PerceptibleBindingBase.binding[dynamicMember: \PerceptibleBindingRoot.[binding: core]]
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

  /// The base of every binding a `Bindable` makes: a binding to the `root` of one object kept for
  /// the process, made by `ObservedObject`'s projection, whose location SwiftUI compares by
  /// object and key path (with `==`) and keeps (by identity). Writing its empty root does
  /// nothing, as the projected key path's setter has written the property.
  private final class PerceptibleBindingBase: ObservableObject, Sendable {
    /// The root every binding projects from; it holds nothing.
    var root: PerceptibleBindingRoot {
      get { PerceptibleBindingRoot() }
      set {}
    }

    /// The base binding. `ObservedObject` and its wrapper are main-actor isolated, so it is
    /// made on the main actor, once, where bindings are made: the main thread, or the main
    /// queue, which is the main actor's executor (Linux's runs it on another thread). Elsewhere,
    /// a binding projects from a closure base instead, which SwiftUI keeps by identity only
    /// (swift-perception #55's shape where the graph compares with `==`).
    static var binding: Binding<PerceptibleBindingRoot> {
      guard Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue) != nil else {
        return closureBase
      }
      return MainActor.assumeIsolated { mainActorBase }
    }

    /// Set on the main queue only.
    private static let mainQueue: DispatchSpecificKey<Bool> = {
      let key = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: key, value: true)
      return key
    }()

    @MainActor private static let mainActorBase = ObservedObject(
      wrappedValue: PerceptibleBindingBase()
    ).projectedValue.root

    private static let closureBase = Binding(get: { PerceptibleBindingRoot() }, set: { _ in })
  }
#endif
