# time-vs-pool-size.gp: drawn by flowshop-sweep plot from time-vs-pool-size.dat
set terminal pngcairo size 960,540 noenhanced font 'DejaVu Sans,11'
set output 'time-vs-pool-size.png'
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set border 3
set tics nomirror
set title "gpu-pool-size: total time over 5 instances by pool-size\n(72 configurations stopped at a time or node limit: their time is the time to that limit)"
set xlabel 'pool-size'
set ylabel 'total time (s)'
set key outside right top vertical Left reverse
set format y '%g'
set yrange [0:*]
set logscale x 2
set xtics ('4096' 4096, '16384' 16384, '65536' 65536)
set offsets graph 0.03, graph 0.03, 0, 0
plot for [c=2:7] 'time-vs-pool-size.dat' using 1:c with linespoints lw 2 pt 7 ps 1.2 title columnheader(c)
set terminal svg size 960,540 noenhanced font 'DejaVu Sans,11' dynamic background '#ffffff'
set output 'time-vs-pool-size.svg'
replot
