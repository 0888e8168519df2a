// The one header a plugin includes.
#pragma once

#include "assay/bind.hpp"
#include "assay/check.hpp"
#include "assay/context.hpp"
#include "assay/eigen.hpp"
#include "assay/error.hpp"
#include "assay/figure.hpp"
#include "assay/method.hpp"
#include "assay/parallel.hpp"
#include "assay/param.hpp"
#include "assay/plugin.hpp"
#include "assay/value.hpp"
