# device_kernel_unpack.sh — sourced by device_kernel_check.sh, _bench.sh and _rate.sh on the
# GPU machine: unpacks the gzipped programs of device_kernel_prepare.sh's folder $dir into
# a temporary folder $bin, $old and $new its two builds, puts $dir/lib on the library path, and
# defines the scripts' helpers: now (seconds), since START (seconds since, 3 decimals) and
# field NAME (a value of the JSON line on stdin).
bin=$(mktemp -d)
for side in old new; do
    mkdir -p "$bin/$side"
    for f in "$dir/$side"/*.gz; do gunzip -c "$f" >"$bin/$side/$(basename "$f" .gz)"; done
    chmod +x "$bin/$side"/*
done
export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
old=$bin/old new=$bin/new
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{printf "%.3f", $2 - $1}'; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
