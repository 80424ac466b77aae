/// What a binding to one property of a perceptible object reads and writes, apart from any UI
/// framework: the core of `Perception.Bindable`'s bindings. Making one reads the property as an
/// ordinary read; ``get()`` is never reported: a control reads its binding later, outside
/// tracking, and the maker already tracks the property.
package struct PerceptibleBinding<Root: AnyObject, Value>: @unchecked Sendable {
  // Sendable: a binding is handed to controls on the main thread; the key path is immutable.
  /// The object whose property the binding reads and writes.
  package let root: Root
  /// The property.
  package let keyPath: ReferenceWritableKeyPath<Root, Value>

  /// Makes the binding's core, reading the property once as the view that makes it reads it.
  package static func makeBinding(
    _ root: Root, keyPath: ReferenceWritableKeyPath<Root, Value>
  ) -> (core: PerceptibleBinding, value: Value) {
    (PerceptibleBinding(root: root, keyPath: keyPath), root[keyPath: keyPath])
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

/// The one value every binding of `Perception.Bindable` is projected from: SwiftUI compares a
/// projected binding by base and key path, so equal `binding:` arguments make the same binding.
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
