extension Strings {
    /// The recurring page's title and the month page's link to it.
    var recurring: String { pick("Recurring", "반복 거래") }
    /// The heading of the rules.
    var recurringRules: String { pick("Rules", "규칙") }
    /// When there are none.
    var noRecurringRules: String { pick("No recurring transactions yet.", "아직 반복 거래가 없습니다.") }
    /// The heading of the month's upcoming occurrences.
    func upcomingIn(_ month: String) -> String { pick("Upcoming in \(month)", "\(month) 예정") }
    /// When nothing is upcoming.
    var nothingUpcoming: String { pick("Nothing more this month.", "이번 달에는 더 없습니다.") }
    /// The column of a rule's schedule.
    var schedule: String { pick("Schedule", "일정") }
    /// The column of a rule's next day.
    var nextDay: String { pick("Next", "다음") }
    /// A rule that has ended.
    var ended: String { pick("ended", "끝남") }
    /// A monthly schedule: "monthly on day 31".
    func monthlyOn(_ day: Int) -> String { pick("monthly on day \(day)", "매월 \(day)일") }
    /// A weekly schedule, with the weekday's name.
    func weeklyOn(_ weekday: Int) -> String {
        let english = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let korean = ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]
        let index = max(0, min(6, weekday - 1))
        return pick("every \(english[index])", "매주 \(korean[index])")
    }
    /// The weekday names for the form, Monday first.
    var weekdayNames: [String] {
        language == .korean ? ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    }
    /// A yearly schedule: "yearly on 02-29".
    func yearlyOn(month: Int, day: Int) -> String { pick("yearly on \(month)/\(day)", "매년 \(month)월 \(day)일") }
    /// The form's summary and button.
    var addRecurring: String { pick("Add a recurring transaction", "반복 거래 추가") }
    /// The form's save button.
    var saveRecurring: String { pick("Save rule", "규칙 저장") }
    /// The frequency field and its choices.
    var frequency: String { pick("Repeats", "반복") }
    /// Monthly.
    var monthly: String { pick("Monthly", "매월") }
    /// Weekly.
    var weekly: String { pick("Weekly", "매주") }
    /// Yearly.
    var yearly: String { pick("Yearly", "매년") }
    /// The day-of-month field.
    var dayOfMonth: String { pick("Day (monthly, yearly)", "날짜 (매월, 매년)") }
    /// The weekday field.
    var weekdayField: String { pick("Weekday (weekly)", "요일 (매주)") }
    /// The month field.
    var monthField: String { pick("Month (yearly)", "월 (매년)") }
    /// The start field.
    var startDay: String { pick("Starts", "시작") }
    /// The end field.
    var endDay: String { pick("Ends (optional)", "끝 (선택)") }
    /// The count field.
    var occurrenceCount: String { pick("Times (optional)", "횟수 (선택)") }
    /// What happens on a short month.
    var recurringHint: String {
        pick("Days 29 to 31 fall on the last day of shorter months; 29 February is 28 February in common years. A transaction is made once on its day; one you delete or edit stays so.",
             "29~31일은 짧은 달에는 그 달의 마지막 날이 됩니다. 2월 29일은 평년에는 2월 28일입니다. 거래는 그날 한 번 만들어지며, 지우거나 고친 거래는 그대로 남습니다.")
    }
    /// A rule's removal button.
    var removeRule: String { pick("Remove", "삭제") }
}
