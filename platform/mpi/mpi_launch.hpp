// Whether this process is one rank of several started by mpirun or srun. Read from the
// launcher's environment before MPI_Init, so a plain `assay run` never starts MPI; built with
// or without MPI, so a host without it can refuse an MPI launch instead of running the whole
// sweep once per rank.
#pragma once

namespace assay {

bool launched_as_mpi_rank();

}  // namespace assay
