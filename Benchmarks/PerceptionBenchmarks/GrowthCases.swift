/// The cases whose cost grows with what a scope reads, what a write notifies, or what else is
/// observed. Each should grow linearly in what is read or notified, and stay flat in the rest.
enum GrowthCases {
  /// A full cycle whose scope reads the first `properties` properties of one wide object; the
  /// write to `p0` fires it, and every registration goes away.
  static func properties<E: Engine>(_: E.Type, _ properties: Int) -> Batch {
    let model = E.Wide()
    return { n in
      let model = opaque(model)
      let count = opaque(properties)
      let base = model.p0 &+ 1
      let start = fireCount
      var total = 0
      let elapsed = timed {
        for i in 0..<n {
          total &+= E.track(
            {
              var sum = 0
              for index in 0..<count { sum &+= E.Wide.read(model, index) }
              return sum
            }, onChange: countFire)
          model.p0 = base &+ i
        }
      }
      blackHole(total)
      expectFires(n, since: start, "cycle, \(properties) properties")
      return elapsed
    }
  }

  /// A full cycle whose scope reads one property of each of `objects` objects; the write to the
  /// first fires it, and the registrations on every object go away.
  static func objects<E: Engine>(_: E.Type, _ objects: Int) -> Batch {
    let models = (0..<objects).map { _ in E.Model() }
    return { n in
      let models = opaque(models)
      let first = models[0]
      let base = first.value &+ 1
      let start = fireCount
      var total = 0
      let elapsed = timed {
        for i in 0..<n {
          total &+= E.track(
            {
              var sum = 0
              for model in models { sum &+= model.value }
              return sum
            }, onChange: countFire)
          first.value = base &+ i
        }
      }
      blackHole(total)
      expectFires(n, since: start, "cycle, \(objects) objects")
      return elapsed
    }
  }

  /// The one-read full cycle while `live` other objects are each observed by a scope that never
  /// fires: what is observed elsewhere should not cost anything here.
  static func liveObjects<E: Engine>(_: E.Type, _ live: Int) -> Batch {
    let model = E.Model()
    var others: [E.Model] = []
    return { n in
      if others.isEmpty {
        // Installed once, untimed, and kept: nothing writes these objects, so their scopes stay.
        others = (0..<live).map { _ in E.Model() }
        for other in others { _ = E.track({ other.value }, onChange: countFire) }
      }
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
      expectFires(n, since: start, "cycle, \(live) live observed objects")
      return elapsed
    }
  }
}
