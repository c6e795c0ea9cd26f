#include "HostTransferCheck.h"
#include "Rule.h"

namespace cllint {
namespace {

std::string bytesText(uint64_t B) {
  if (B >= (uint64_t(1) << 20) && B % (uint64_t(1) << 20) == 0)
    return std::to_string(B >> 20) + " MiB";
  if (B >= 1024 && B % 1024 == 0)
    return std::to_string(B >> 10) + " KiB";
  return std::to_string(B) + " B";
}

// What one iteration's transfer took on an NVIDIA H200 system (bench/hardware/transfer_probe.c):
// a round trip of about 15 us, and 10.3 GB/s from ordinary (pageable) host memory against
// 52 GB/s from pinned memory.
std::string transferTimes(uint64_t Bytes) {
  auto Us = [](double V) {
    return V >= 1000 ? std::to_string(int(V / 100 + 0.5) / 10.0).substr(0, 4) + " ms"
                     : std::to_string(int(V + 0.5)) + " us";
  };
  double Pageable = 15 + double(Bytes) / 10.3e3, Pinned = 15 + double(Bytes) / 52e3;
  if (Bytes < 65536)
    return "a blocking read of this size took about " + Us(Pageable) +
           " per iteration on an NVIDIA H200 system";
  return "a blocking read of this size took about " + Us(Pageable) +
         " per iteration from pageable host memory, " + Us(Pinned) +
         " from pinned memory, on an NVIDIA H200 system";
}

// The rule's findings come from host code, which the kernel pass does not see.
class BlockingTransferRule : public Rule {
public:
  void check(RuleContext &) override {}
};

} // namespace

std::vector<Finding> checkHostTransfers(const HostFile &File) {
  std::vector<Finding> Out;
  for (const HostTransfer &T : File.Transfers) {
    Finding F;
    F.RuleId = "host-blocking-transfer";
    F.Level = Severity::Note;
    F.Where = T.Where;
    F.LineText = T.LineText;
    std::string Size = T.Bytes ? " of " + bytesText(*T.Bytes) : "";
    bool Small = T.Bytes && *T.Bytes < 65536;
    std::string Place =
        T.LoopLine ? "inside the '" + T.LoopKind + "' loop at line " + std::to_string(T.LoopLine) +
                         ", which also launches kernels"
                   : "in '" + T.Function + "', which launches kernels and which a loop of '" +
                         T.Caller + "' runs";
    F.Message = "blocking " + T.Call + Size + " " + Place +
                ": every iteration waits for the queue to drain" +
                (T.Bytes ? " (" + transferTimes(*T.Bytes) + ")" : std::string()) + "; ";
    if (Small)
      F.Message += T.Read ? "check the result every few iterations, or once after the loop"
                          : "pass the value as a kernel argument, or write it once before the "
                            "loop if it does not change";
    else
      F.Message +=
          std::string(T.Read ? "read back once after the loop if the host does not use every "
                               "iteration's result, or "
                             : "write the data once before the loop if it does not change, or ") +
          "copy through a pinned buffer (CL_MEM_ALLOC_HOST_PTR, mapped), where CL_FALSE and an "
          "event let the copy overlap the next launch (into ordinary host memory a non-blocking "
          "copy measured no faster)";
    Cost C;
    C.Metric = "blocking-transfers-per-iteration";
    C.Value = 1;
    C.Summary = "one blocking transfer" + Size + " per iteration of " +
                (T.LoopLine ? "the loop at line " + std::to_string(T.LoopLine)
                            : "a loop of '" + T.Caller + "'");
    F.Price = C;
    if (T.LoopLine)
      F.Notes.push_back({F.Where, "the loop at line " + std::to_string(T.LoopLine) +
                                      " enqueues a kernel on each iteration"});
    Out.push_back(std::move(F));
  }
  return Out;
}

std::unique_ptr<Rule> createBlockingTransferRule() {
  return std::make_unique<BlockingTransferRule>();
}

} // namespace cllint
