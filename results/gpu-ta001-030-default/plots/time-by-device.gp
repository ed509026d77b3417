# time-by-device.gp: drawn by flowshop-sweep plot from time-by-device.dat
set terminal pngcairo size 960,540 noenhanced font 'DejaVu Sans,11'
set output 'time-by-device.png'
set datafile missing '?'
set grid ytics lc rgb '#dddddd'
set border 3
set tics nomirror
set title "gpu-ta001-030-default: total time over 30 instances by device\n(4 configurations stopped at a time or node limit: their time is the time to that limit)"
set xlabel 'other parameters'
set ylabel 'total time (s)'
set key outside right top vertical Left reverse
set format y '%g'
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
plot for [c=2:3] 'time-by-device.dat' using c:xtic(1) title columnheader(c)
set terminal svg size 960,540 noenhanced font 'DejaVu Sans,11' dynamic background '#ffffff'
set output 'time-by-device.svg'
replot
