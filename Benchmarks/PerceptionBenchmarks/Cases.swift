/// The single-threaded cases, each written once and generic over the engine. Each returns a
/// `Batch` that runs `n` operations and times only them.
enum Cases {
  /// Read one property, no tracking scope active.
  static func read<E: Engine>(_: E.Type) -> Batch {
    let model = E.Model()
    return { n in
      let model = opaque(model)
      var total = 0
      let elapsed = timed {
        for _ in 0..<n { total &+= model.value }
      }
      blackHole(total)
      return elapsed
    }
  }

  /// Write a new value; nobody observes the object.
  static func write<E: Engine>(_: E.Type) -> Batch {
    let model = E.Model()
    return { n in
      let model = opaque(model)
      let base = model.value &+ 1
      return timed {
        for i in 0..<n { model.value = base &+ i }
      }
    }
  }

  /// Write the value the property already holds: the setter's equality check skips the
  /// registrar entirely, on both engines.
  static func writeEqual<E: Engine>(_: E.Type) -> Batch {
    let model = E.Model()
    return { n in
      let model = opaque(model)
      let same = opaque(model.value)
      return timed {
        for _ in 0..<n { model.value = same }
      }
    }
  }

  /// `+=` goes through `_modify`: access, willSet, didSet, with no equality check.
  static func modify<E: Engine>(_: E.Type) -> Batch {
    let model = E.Model()
    return { n in
      let model = opaque(model)
      return timed {
        for _ in 0..<n { model.value += 1 }
      }
    }
  }

  /// Write one property while a tracking scope observes another property of the same object, so
  /// the registrar has an observer but the write must not fire it. Native keeps observers in a
  /// dictionary keyed by key path, and whether the written key path's bucket collides with the
  /// observed one's depends on the per-process hash seed; one pair of properties made native's
  /// figure jump between ~130 and ~200 ns from run to run. So the batch spreads its writes over
  /// four (written, observed) pairs, on four objects, to average that lottery.
  static func writeWhileOtherObserved<E: Engine>(_: E.Type) -> Batch {
    let models = (E.Model(), E.Model(), E.Model(), E.Model())
    return { n in
      let (m0, m1, m2, m3) = opaque(models)
      let start = fireCount
      _ = E.track({ m0.other &+ m1.b &+ m2.c &+ m3.value }, onChange: countFire)
      let quarter = max(n / 4, 1)
      let base = opaque(m0.value &+ m1.a &+ m2.b &+ m3.c) &+ 1
      let elapsed = timed {
        for i in 0..<quarter { m0.value = base &+ i }
        for i in 0..<quarter { m1.a = base &+ i }
        for i in 0..<quarter { m2.b = base &+ i }
        for i in 0..<quarter { m3.c = base &+ i }
      }
      expectFires(0, since: start, "write while other observed")
      // Fire, and so remove the observers, untimed, so the next batch starts from the same state.
      m0.other &+= 1
      expectFires(1, since: start, "write while other observed (cleanup)")
      // The batch ran 4 * quarter writes; scale to the n the harness divides by.
      return elapsed * UInt64(n) / UInt64(4 * quarter)
    }
  }

  /// The full cycle: a tracking scope reads one property, then a write fires its `onChange`.
  static func cycle1<E: Engine>(_: E.Type) -> Batch {
    let model = E.Model()
    return { n in
      let model = opaque(model)
      let base = model.value &+ 1
      let start = fireCount
      var total = 0
      let elapsed = timed {
        for i in 0..<n {
          total &+= E.track({ model.value }, onChange: countFire)
          model.value = base &+ i
        }
      }
      blackHole(total)
      expectFires(n, since: start, "cycle, 1 read")
      return elapsed
    }
  }

  /// The full cycle reading ten properties, five of each of two objects; the write to the first
  /// object fires, and every registration of the scope on both objects goes away.
  static func cycle10<E: Engine>(_: E.Type) -> Batch {
    let first = E.Model()
    let second = E.Model()
    return { n in
      let first = opaque(first)
      let second = opaque(second)
      let base = first.value &+ 1
      let start = fireCount
      var total = 0
      let elapsed = timed {
        for i in 0..<n {
          total &+= E.track(
            {
              first.value &+ first.other &+ first.a &+ first.b &+ first.c &+ second.value
                &+ second.other &+ second.a &+ second.b &+ second.c
            }, onChange: countFire)
          first.value = base &+ i
        }
      }
      blackHole(total)
      expectFires(n, since: start, "cycle, 10 reads")
      return elapsed
    }
  }

  /// A tracking scope that reads nothing. Its `apply` calls an opaque function, as real code
  /// does: around a constant closure, Perception's inlined scope folds away to a few
  /// instructions, which says nothing about a scope in an app.
  static func emptyScope<E: Engine>(_: E.Type) -> Batch {
    return { n in
      let one = opaque(1)
      var total = 0
      let elapsed = timed {
        for _ in 0..<n { total &+= E.track({ opaque(one) }, onChange: countFire) }
      }
      blackHole(total)
      return elapsed
    }
  }

  /// Three tracking scopes nested in each other, reading nothing. (A scope that reads leaves an
  /// observer behind until a write fires it, so reading here would grow the registrar batch by
  /// batch; the cycle cases measure reads.)
  static func nestedScopes<E: Engine>(_: E.Type) -> Batch {
    return { n in
      let one = opaque(1)
      var total = 0
      let elapsed = timed {
        for _ in 0..<n {
          total &+= E.track(
            {
              E.track(
                { E.track({ one }, onChange: countFire) },
                onChange: countFire)
            }, onChange: countFire)
        }
      }
      blackHole(total)
      return elapsed
    }
  }

  /// Create an object and destroy the previous one: storing into a global releases the old
  /// object, and escaping into a global keeps the optimizer from promoting the object to the
  /// stack.
  static func createDestroy<E: Engine>(_: E.Type) -> Batch {
    return { n in
      let elapsed = timed {
        for _ in 0..<n { sinkObject = E.Model() }
      }
      sinkObject = nil
      return elapsed
    }
  }

  /// One write with `observers` observers of the written property. Each observer is its own
  /// tracking scope reading the property. Observers are one-shot, so each timed write needs a
  /// fresh set: the batch installs `observers` scopes on each of `n` objects (untimed), then
  /// times one write to each object. Every timed write therefore fires exactly `observers`
  /// callbacks and removes that many registrations.
  static func fanOut<E: Engine>(_: E.Type, observers: Int) -> Batch {
    var pool: [E.Model] = []
    // Every batch writes a value no object in the pool holds yet, so the setter always notifies.
    var generation = 0
    return { n in
      generation &+= 1
      let newValue = generation
      while pool.count < n { pool.append(E.Model()) }
      let models = opaque(pool)
      var total = 0
      for index in 0..<n {
        let model = models[index]
        for _ in 0..<observers {
          total &+= E.track({ model.value }, onChange: countFire)
        }
      }
      blackHole(total)
      let start = fireCount
      let elapsed = timed {
        for index in 0..<n { models[index].value = newValue }
      }
      expectFires(n * observers, since: start, "fan-out to \(observers)")
      return elapsed
    }
  }
}
