#include "mpi/mpi_launch.hpp"

#include <cstdlib>

namespace assay {

namespace {
int env_int(const char* name) {
  const char* text = std::getenv(name);
  return text ? std::atoi(text) : 0;
}
}  // namespace

bool launched_as_mpi_rank() {
  // OpenMPI's mpirun, then launchers speaking PMI or PMIx (Hydra, srun --mpi=pmix).
  return env_int("OMPI_COMM_WORLD_SIZE") > 1 || env_int("PMI_SIZE") > 1 ||
         (std::getenv("PMIX_RANK") && env_int("SLURM_NTASKS") > 1);
}

}  // namespace assay
