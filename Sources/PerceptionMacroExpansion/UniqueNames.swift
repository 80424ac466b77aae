/// Makes names unique the way swift-syntax's `makeUniqueName` does in a plugin, so that expansions
/// match `@Observable`'s: the discriminator, the name's length and the name, then `fMu`, a counter
/// per name (empty the first time) and `_`.
struct UniqueNames {
  let discriminator: String
  private var counters: [String: Int] = [:]

  init(discriminator: String) { self.discriminator = discriminator }

  mutating func make(_ name: String) -> String {
    let count = counters[name, default: 0]
    counters[name] = count + 1
    let counter = count == 0 ? "" : String(count - 1)
    return "\(discriminator)\(name.utf8.count)\(name)fMu\(counter)_"
  }
}
