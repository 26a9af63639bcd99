# Sourced by bench scripts: the demo's target, the minimal reference app on one JDK, as a suite's YAML entry.
#   demo_target NAME JAVA_HOME FEATURE CPUS   (needs $root, the repository)
demo_target() {
  cat <<T
  - name: $1
    java: '$2'
    jar: '$root/reference/minimal/target/minimal.jar'
    jvmArgs: [-XX:MaxRAMPercentage=75]
    env: {PORT: '\${port}', DATASET_SIZE: '100000'}
    identity: ['/app == "minimal"', '/runtime contains " $3."', '/db == "ok"']
    limits: {cpus: $4, cpuset: '0', memory: 512m}
T
}
