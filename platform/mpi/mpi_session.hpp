// MpiSession: MPI for the lifetime of a distributed run. Initialised with MPI_THREAD_FUNNELED:
// only the thread that made the session (the main thread) calls MPI; sweep workers talk to it
// through a PointMailbox.
#pragma once

namespace assay {

class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  int ranks_on_this_host() const { return local_size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
  int local_size_ = 1;
};

}  // namespace assay
