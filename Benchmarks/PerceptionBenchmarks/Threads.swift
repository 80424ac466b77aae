import Dispatch

/// Hands a model to the worker threads. The threads write disjoint stored properties, so the
/// storage itself is never shared mutably; only the registrar is, and that is what these cases
/// measure.
private final class Shared<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The two-thread cases. An operation is one write; the figure is wall time over all writes of
/// both threads, so perfect scaling shows half the single-threaded write cost.
enum ThreadCases {
  /// Each thread writes `value` on its own object: no shared state at all.
  static func separateObjects<E: Engine>(_: E.Type) -> Batch {
    let models = Shared([E.Model(), E.Model()])
    return { n in
      runOnTwoThreads(n) { thread, writes in
        let model = models.value[thread]
        for i in 0..<writes { model.value = i &+ 1 }
      }
    }
  }

  /// Both threads write the same object, one `value` and the other `other`, so they contend on
  /// one registrar.
  static func sameObject<E: Engine>(_: E.Type) -> Batch {
    let model = Shared(E.Model())
    return { n in
      runOnTwoThreads(n) { thread, writes in
        let model = model.value
        if thread == 0 {
          for i in 0..<writes { model.value = i &+ 1 }
        } else {
          for i in 0..<writes { model.other = i &+ 1 }
        }
      }
    }
  }

  /// Runs `work` on two threads at once, `pairs` writes each. A batch of `n` operations is `2n`
  /// writes here, so this returns half the wall time to give nanoseconds per write.
  /// `concurrentPerform` reuses Dispatch's worker threads, so no thread is created per batch.
  private static func runOnTwoThreads(
    _ pairs: Int, _ work: @escaping @Sendable (_ thread: Int, _ writes: Int) -> Void
  ) -> UInt64 {
    let wall = timed {
      DispatchQueue.concurrentPerform(iterations: 2) { thread in work(thread, pairs) }
    }
    return wall / 2
  }
}
