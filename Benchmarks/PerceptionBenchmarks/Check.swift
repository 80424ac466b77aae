/// Problems found while running: an engine that did not fire the callbacks a case expects. A run
/// with any of these exits non-zero, because its figures would not measure the same work.
nonisolated(unsafe) var checkFailures: [String] = []

/// Records a failure if `fireCount` did not move from `start` by exactly `expected`.
func expectFires(_ expected: Int, since start: Int, _ what: @autoclosure () -> String) {
  let fired = fireCount &- start
  if fired != expected {
    checkFailures.append("\(what()): expected \(expected) onChange calls, saw \(fired)")
  }
}
