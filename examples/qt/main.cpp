/*
 * A Qt 6 Widgets host of XYZAlert: tabs with dialogs, a toast stack held on
 * hover, the reasons panel and the announcements, on Qt's event loop.
 *
 *   xyzalert-qt [--policy FILE] [--history FILE] [--tour [--screenshots DIR]]
 *
 * The alert set defaults to examples/desktop/alerts.json, the history to
 * QStandardPaths::AppDataLocation/history.json (saved when the window
 * closes). --tour plays the scripted tour (tour.cpp) and exits with its
 * verdict. Build it against an installed XYZAlert with CMake (CMakeLists.txt;
 * docs/event-loops.md says how it is wired).
 */
#include <QApplication>
#include <QCommandLineParser>
#include <QStandardPaths>

#include <cstdio>

#include "tour.hpp"
#include "window.hpp"

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("xyzalert-qt"));
    QCommandLineParser options;
    options.setApplicationDescription(QStringLiteral("A Qt 6 host of XYZAlert."));
    options.addHelpOption();
    QCommandLineOption policy(QStringLiteral("policy"), QStringLiteral("The alert set."), QStringLiteral("FILE"),
                              QStringLiteral(XYZALERT_EXAMPLE_POLICY));
    QCommandLineOption history(QStringLiteral("history"), QStringLiteral("The display history."), QStringLiteral("FILE"),
                               QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                                   QStringLiteral("/history.json"));
    QCommandLineOption tour(QStringLiteral("tour"), QStringLiteral("Play the scripted tour and exit with its verdict."));
    QCommandLineOption screenshots(QStringLiteral("screenshots"), QStringLiteral("Where the tour saves its screenshots."),
                                   QStringLiteral("DIR"));
    options.addOptions({policy, history, tour, screenshots});
    options.process(app);

    try {
        Window window(options.value(policy), options.value(history));
        window.show();
        if (options.isSet(tour)) {
            Tour player(window, options.value(screenshots));
            player.start();
            return QApplication::exec();
        }
        int status = QApplication::exec();
        window.save_history();
        return status;
    } catch (const xyz::error &e) {
        std::fprintf(stderr, "xyzalert-qt: %s\n", e.what());
        return 1;
    }
}
