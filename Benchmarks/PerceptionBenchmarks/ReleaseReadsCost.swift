import Foundation
import Perception

/// Reads in trackings that ask for releases, on many threads at once: `perception-bench
/// --release-reads [--quick] [--engine ENGINE]`.
///
/// On the native engine below the 27 releases, Observation reports no releases, so a read in a
/// tracking that names `.deinit` is also recorded in a small Perception registrar that the
/// object's box makes on first use, and every such read finds it under the box's lock. This
/// measures that: each of 8 threads runs trackings of its own object (64 reads, then one write
/// whose willSet ends the tracking), with `[.willSet, .deinit]` and, beside it, with `[.willSet]`
/// alone; and the same on one thread. The figure is wall time per read, so perfect scaling on
/// this machine's cores shows the one-thread figure over the core count.
///
/// Figures only: no budget, because a timing guard could fail on noise.
enum ReleaseReadsCost {
  static func run(quick: Bool) {
    let scopes = quick ? 500 : 4_000
    let rounds = quick ? 5 : 11
    var text =
      "| reads in trackings, ns per read | 1 thread | 8 threads |\n|---|---:|---:|\n"
    for (title, options) in [
      ("`[.willSet]`", PerceptionTracking.Options([.willSet])),
      ("`[.willSet, .deinit]`", PerceptionTracking.Options([.willSet, .deinit])),
    ] {
      var single: [Double] = []
      var eight: [Double] = []
      for _ in 0..<rounds {
        single.append(perRead(threads: 1, scopes: scopes, options: options))
        eight.append(perRead(threads: 8, scopes: scopes, options: options))
      }
      let one = Summary(single, operationsPerBatch: 0).median
      let all = Summary(eight, operationsPerBatch: 0).median
      text += "| \(title) | \(format(one, 1)) | \(format(all, 1)) |\n"
    }
    print(text)
  }

  private static let readsPerScope = 64

  /// Wall time per read, from the first thread starting to the last one finishing.
  private static func perRead(
    threads: Int, scopes: Int, options: PerceptionTracking.Options
  ) -> Double {
    let models = (0..<threads).map { _ in PerceptionModel() }
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for model in models {
      let model = UncheckedBox(model)
      ready.enter()
      done.enter()
      Thread.detachNewThread {
        ready.leave()
        start.wait()
        trackings(of: model.value, scopes: scopes, options: options)
        done.leave()
      }
    }
    ready.wait()
    let begin = monotonicNanos()
    for _ in 0..<threads { start.signal() }
    done.wait()
    let elapsed = monotonicNanos() - begin
    return Double(elapsed) / Double(threads * scopes * readsPerScope)
  }

  /// `scopes` trackings of `model`, each reading it `readsPerScope` times; a write ends each.
  @inline(never)
  private static func trackings(
    of model: PerceptionModel, scopes: Int, options: PerceptionTracking.Options
  ) {
    var total = 0
    for _ in 0..<scopes {
      total &+= withPerceptionTracking(options: options) {
        var sum = 0
        for _ in 0..<readsPerScope { sum &+= model.value }
        return sum
      } onChange: { event in
        event.cancel()
      }
      model.value &+= 1
    }
    blackHole(total)
  }
}

/// Hands a model to the thread that uses it alone.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
