# time-vs-warm-start.gp: drawn by flowshop-sweep plot from time-vs-warm-start.dat
set terminal pngcairo size 960,540 noenhanced font 'DejaVu Sans,11'
set output 'time-vs-warm-start.png'
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set border 3
set tics nomirror
set title "gpu-warm-start: total time over 20 instances by warm-start\n(9 configurations stopped at a time or node limit: their time is the time to that limit)"
set xlabel 'warm-start'
set ylabel 'total time (s)'
unset key
set format y '%g'
set logscale y
set yrange [0.214558:256.265]
set xtics ('0' 0, '4096' 4096, '1048576' 1048576)
set offsets graph 0.03, graph 0.03, 0, 0
plot for [c=2:2] 'time-vs-warm-start.dat' using 1:c with linespoints lw 2 pt 7 ps 1.2 title columnheader(c)
set terminal svg size 960,540 noenhanced font 'DejaVu Sans,11' dynamic background '#ffffff'
set output 'time-vs-warm-start.svg'
replot
