// The accessors an app's model compiles to (.ci/apple-targets.sh reads their SIL): one tracked
// property, as `@Perceptible` expands it for the app's deployment target.
import Perception

@Perceptible
final class Thermostat {
  var target = 20
}
