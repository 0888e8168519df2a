#!/usr/bin/python3
"""Bayesian search (Optuna's TPE) over a pipeline param, each trial one `assay run --set`.

    PYTHONPATH=<prefix>/<libdir>/assay/python /usr/bin/python3 examples/optuna/optuna_search.py \
        [--trials N] [--out FOLDER] [--pipeline FILE] [--param fit.lambda]

Optuna proposes a value of the param on a log scale; the trial runs the pipeline with it (every
replicate), reads the result with assay.load and scores it by the mean of `--metric` over the ok
points. Each trial's result file stays in FOLDER with its provenance, so any trial can be
re-run or inspected with `assay show`. Needs Debian's python3-optuna.
"""
import argparse
import json
import pathlib
import sys

import optuna

import assay

HERE = pathlib.Path(__file__).resolve().parent


def objective(args, folder):
    def score(trial):
        value = trial.suggest_float(args.param, args.low, args.high, log=True)
        out = folder / f"trial-{trial.number:04d}.h5"
        result = assay.run(str(args.pipeline), out=str(out), jobs=1, **{args.param: value})
        ok = result[result.status == "ok"]
        if ok.empty:
            raise optuna.TrialPruned(f"no point of {out} finished")
        trial.set_user_attr("result", str(out))
        return float(ok[args.metric].mean())
    return score


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipeline", type=pathlib.Path, default=HERE / "classify.toml")
    parser.add_argument("--param", default="fit.lambda")
    parser.add_argument("--low", type=float, default=1e-6)
    parser.add_argument("--high", type=float, default=1e3)
    parser.add_argument("--metric", default="fit.accuracy")
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="the sampler's seed")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("results/optuna"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize",
                                sampler=optuna.samplers.TPESampler(seed=args.seed))
    study.optimize(objective(args, args.out), n_trials=args.trials)
    best = study.best_trial
    summary = {"best_value": best.value, "best_params": best.params,
               "best_result": best.user_attrs["result"],
               "trials": [{"number": t.number, "params": t.params, "value": t.value}
                          for t in study.trials]}
    json.dump(summary, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
