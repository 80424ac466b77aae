import Perception

// The models of StaticKeyPathTests, in a file of their own: a key path literal is one object per
// source file, so the tests' literals, formed in theirs, are other objects than the statics the
// macro forms here.

/// A class whose tracked properties get static key paths (non-generic, no attributes of their
/// own), whose registrar also hears of reads and writes through key paths handed in, as
/// hand-written code calls it. The tests run an accessor first, so its statics name each
/// property before a literal does.
@Perceptible
final class StaticFirst: @unchecked Sendable {
  var value = 0
  var other = 0

  /// Tells the registrar that `keyPath` was read.
  func read(_ keyPath: KeyPath<StaticFirst, Int>) {
    _$perceptionRegistrar.access(self, keyPath: keyPath)
  }

  /// Tells the registrar that `keyPath` changed.
  func write(_ keyPath: KeyPath<StaticFirst, Int>) {
    _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath) {}
  }
}

/// The same, for the test that hands in a literal before any accessor has run, so that the
/// literal names the property first and the static's key is looked up after it.
@Perceptible
final class LiteralFirst: @unchecked Sendable {
  var value = 0

  /// Tells the registrar that `keyPath` was read.
  func read(_ keyPath: KeyPath<LiteralFirst, Int>) {
    _$perceptionRegistrar.access(self, keyPath: keyPath)
  }
}
