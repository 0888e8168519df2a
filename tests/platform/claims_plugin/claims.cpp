// Claims that come out as declared and one that does not, for `assay verify`'s exit status:
// a finding declared not to reproduce that does reproduce is news, and must fail the run.
#include <assay/sdk.hpp>

namespace {

struct Nothing {};

assay::CheckResult one_is_one(const assay::CheckContext&) {
  return assay::expect_near(1.0, 1.0, 1e-12);
}
assay::CheckResult two_is_not_one(const assay::CheckContext&) {
  return assay::expect_near(2.0, 1.0, 1e-12);
}

assay::MethodBuilder<Nothing, void> claims_method(const char* id) {
  return assay::method<Nothing, void>(id, "claims for the verify tests");
}

}  // namespace

ASSAY_PLUGIN("claims", "1.0.0", "MIT",
             claims_method("claims_as_declared")
                 .claims({{"reproduces", "1 = 1", one_is_one},
                          {"known_finding", "2 = 1 (it is not)", two_is_not_one,
                           assay::does_not_reproduce("two is not one", "README.md#arithmetic")}})
                 .run([](const Nothing&) {}),
             claims_method("claims_unexpected")
                 .claims({{"finding_that_reproduces", "1 = 1, declared not to", one_is_one,
                           assay::does_not_reproduce("thought broken", "README.md#arithmetic")}})
                 .run([](const Nothing&) {}))
