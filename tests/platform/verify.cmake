# `assay verify`: a test plugin whose claims come out as declared or not, and one test per
# shipped plugin that runs all of its claims, so no check goes unrun. Each passes only when
# every claim comes out as its plugin declares (reproduces, or a documented finding).
assay_test_plugin(claims_plugin claims_plugin/claims.cpp claims_plugin claims)
add_dependencies(test_platform claims_plugin)

# Every shipped plugin but examples, which declares no claims (and says so): a new plugin gets
# its verify test without being listed, and fails it until it declares claims. They run the
# installed host on the installed plugins (the installed_prefix fixture, tests/platform/
# CMakeLists.txt), so each claim runs once and also proves the install.
get_property(verified_plugins GLOBAL PROPERTY ASSAY_PLUGIN_TARGETS)
list(REMOVE_ITEM verified_plugins examples)
foreach(plugin ${verified_plugins})
  add_test(NAME "verify ${plugin}: every claim comes out as declared"
           COMMAND ${test_prefix}/${CMAKE_INSTALL_BINDIR}/assay verify ${plugin} --jobs 1)
  set_tests_properties("verify ${plugin}: every claim comes out as declared" PROPERTIES
                       TIMEOUT 600 FIXTURES_REQUIRED installed_prefix)
endforeach()
target_sources(test_platform PRIVATE verify_test.cpp)
