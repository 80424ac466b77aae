import Foundation
import Perception

/// The perceptible object every operation reads, writes, observes and releases.
///
/// Its three properties are plain stored values, as in any app, so two threads must not touch
/// one at once: a shared item's property is read and written only under its lock (the stress
/// is on the registrar, not on the storage, which ThreadSanitizer would rightly flag). The
/// locks are recursive because a callback may write the property whose write called it.
@Perceptible final class Item: @unchecked Sendable {
  var a = 0
  var b = 0
  var c = 0
  /// One lock per property, so that writers of different properties race in the registrar.
  @PerceptionIgnored let locks = [NSRecursiveLock(), NSRecursiveLock(), NSRecursiveLock()]
  /// How many times each property was written with a new value: kept for a thread's private
  /// items, which only that thread touches.
  @PerceptionIgnored var writes = [0, 0, 0]
  /// What the cross-thread checks keep, per property (`Context.crossThreadOneShot`).
  @PerceptionIgnored let crossThread = [CrossThreadState(), CrossThreadState(), CrossThreadState()]

  init() {}

  /// The number of properties.
  static let propertyCount = 3

  static func keyPath(_ property: Int) -> PartialKeyPath<Item> {
    [\Item.a, \Item.b, \Item.c][property]
  }

  func value(_ property: Int) -> Int {
    switch property {
    case 0: return a
    case 1: return b
    default: return c
    }
  }

  /// Writes a value that differs from the current one, so that the write notifies.
  func bump(_ property: Int) {
    switch property {
    case 0: a &+= 1
    case 1: b &+= 1
    default: c &+= 1
    }
    crossThread[property].version += 1
  }

  /// `bump`, counted in `writes`: for private items only.
  func bumpCounted(_ property: Int) {
    bump(property)
    writes[property] += 1
  }
}

/// What the cross-thread checks keep per property of an item, each under that property's lock
/// for a shared item: one object per property, so that writers of different properties touch
/// different storage.
final class CrossThreadState: @unchecked Sendable {
  // Unchecked: see above.
  /// How many times the property was written, every write counted.
  var version = 0
  /// The firing counts (`OneShotRecord.fired`) of the one-shots over the property, installed by
  /// any thread, waiting for the next top-level write of it to fire them.
  var awaitingWrite: [AtomicWord] = []
}
