/// What a binding to one property of a perceptible object reads and writes, kept apart from
/// any UI framework: the core of `Perception.Bindable`'s bindings.
///
/// A binding belongs to the view that made it, and each binding reads and writes its own
/// property only, so a change made through one binding invalidates exactly the views that
/// read that property, in their content or by making a binding to it, and no view that only
/// made bindings to other properties:
///
/// - ``makeBinding(_:keyPath:)`` reads the property once, as an ordinary read: inside the
///   maker's tracking it is tracked, so the maker renders again when the property changes and
///   hands a fresh binding to the controls it shows; outside tracking, in a checked context,
///   perception checking reports it.
/// - ``get()`` reads it as tracked where a tracking scope runs, and is never reported: a
///   control reads its binding later, in no tracking scope, and the maker already tracks it.
/// - ``set(_:)`` writes the property through its setter, which announces the change.
package struct PerceptibleBinding<Root: AnyObject, Value>: @unchecked Sendable {
  // Sendable as far as the object is: a binding is handed to controls on the main thread, and
  // the key path is immutable.
  /// The object whose property the binding reads and writes.
  package let root: Root
  /// The property.
  package let keyPath: ReferenceWritableKeyPath<Root, Value>

  /// Makes the binding's core, reading the property once as the view that makes it reads
  /// it (see the type's discussion).
  package static func makeBinding(
    _ root: Root, keyPath: ReferenceWritableKeyPath<Root, Value>
  ) -> (core: PerceptibleBinding, value: Value) {
    (PerceptibleBinding(root: root, keyPath: keyPath), root[keyPath: keyPath])
  }

  private init(root: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.root = root
    self.keyPath = keyPath
  }

  /// The property's value; tracked in a tracking scope, never reported by perception checking.
  package func get() -> Value {
    if DebugBuild.isActive {
      // A slot with flags and no access list: the read would go to the checking reporter.
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0), TrackingScope.accessList(inSlot: slot) == nil {
        return _PerceptionLocals.$skipPerceptionChecking.withValue(true) { root[keyPath: keyPath] }
      }
    }
    return root[keyPath: keyPath]
  }

  /// Writes `newValue` to the property.
  package func set(_ newValue: Value) {
    root[keyPath: keyPath] = newValue
  }
}

extension PerceptibleBinding: Hashable {
  /// The same object, by identity, and the same property.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.root === rhs.root && lhs.keyPath == rhs.keyPath
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(root))
    hasher.combine(keyPath)
  }
}

/// The one value every binding of `Perception.Bindable` is projected from, so that a view
/// layer that compares bindings by where they read and write (SwiftUI compares a binding
/// projected with a key path by its base location and the key path) sees two bindings made for
/// the same object and property as the same binding, from any `Bindable`, at any render.
///
/// A binding is the projection `base[dynamicMember: \PerceptibleBindingRoot.[binding: core]]`
/// of one shared base binding to this value: the key path's argument, the core, names the object
/// by identity and the property, and reads and writes it as ``PerceptibleBinding`` does.
package struct PerceptibleBindingRoot: Sendable {
  /// The root; it holds nothing.
  package init() {}

  /// The property `binding` names; setting it writes the property.
  package subscript<Root: AnyObject, Value>(binding binding: PerceptibleBinding<Root, Value>)
    -> Value
  {
    get { binding.get() }
    nonmutating set { binding.set(newValue) }
  }
}
